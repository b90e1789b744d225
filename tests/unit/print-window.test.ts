import { access, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { makeDocument, type MadePdf } from '../../src-main/core/documents'
import { isLandscape, previewPrinter, type PreviewWindow, type PreviewWindowOptions, type PrintOptions } from '../../src-main/desktop/print-window'

/**
 * 打印 on the desktop (src-main/desktop/print-window.ts): Electron cannot start here, so the
 * BrowserWindow is a stand-in recording what the module asks of it; the PDFs are the pipeline's own.
 */

interface Parent {
  id: number
}

/** A stand-in for Electron's BrowserWindow: records the calls, and prints (or not) as the clerk would. */
function standInWindow(options: PreviewWindowOptions<Parent>, clerk: { prints: boolean; loads?: boolean }) {
  const seen = { options, url: '', fileBytes: null as Buffer | null, menuBar: true, printOptions: null as PrintOptions | null, closed: false, navigationStopped: false, openAnswer: '' }
  const closed: (() => void)[] = []
  let willNavigate: (event: { preventDefault(): void }) => void = () => undefined
  const win: PreviewWindow = {
    setMenuBarVisibility: (visible) => void (seen.menuBar = visible),
    async loadURL(url) {
      seen.url = url
      if (clerk.loads === false) throw new Error('ERR_FAILED')
      seen.fileBytes = await readFile(fileURLToPath(url))
    },
    close() {
      seen.closed = true
      closed.forEach((listener) => listener())
    },
    on: (_event, listener) => void closed.push(listener),
    webContents: {
      on: (_event, listener) => void (willNavigate = listener),
      setWindowOpenHandler: (handler) => void (seen.openAnswer = handler().action),
      print(printOptions, callback) {
        seen.printOptions = printOptions
        let prevented = false
        willNavigate({ preventDefault: () => (prevented = true) })
        seen.navigationStopped = prevented
        callback(clerk.prints, clerk.prints ? '' : 'Print job canceled')
      },
    },
  }
  return { win, seen }
}

const wideList = () =>
  makeDocument({
    kind: 'tableView',
    fileName: '党员列表',
    title: '党员列表',
    subtitle: '全部记录',
    columns: Array.from({ length: 14 }, (_, i) => `第${i + 1}列标题`),
    rows: [Array.from({ length: 14 }, () => '中共南京市玄武区委组织部')],
  })
const signInSheet = () => makeDocument({ kind: 'signInSheet', fileName: '签到表', trainName: '示范班', subtitle: '共 1 人', people: [{ name: '王伟', unit: '南京市委组织部', seat: '1排1列' }] })

async function printWith(pdf: MadePdf, clerk: { prints: boolean; loads?: boolean }) {
  let made: ReturnType<typeof standInWindow> | undefined
  const parent: Parent = { id: 1 }
  const printer = previewPrinter<Parent>((options) => (made = standInWindow(options, clerk)).win, () => parent)
  const result = await printer.print(pdf).catch((error: unknown) => error)
  return { result, ...made!, parent }
}

const exists = (path: string) => access(path).then(() => true, () => false)

describe('printing on the desktop', () => {
  it('shows the PDF in a window of its own (own session, PDF viewer, sandboxed, no Node) over the console, and opens the system dialog on it', async () => {
    const pdf = await wideList()
    const { result, seen, parent } = await printWith(pdf, { prints: true })
    expect(result).toBe('printed')
    expect(seen.options).toEqual({
      parent,
      width: 1000,
      height: 800,
      title: '党员列表.pdf',
      webPreferences: { partition: 'print-preview', plugins: true, sandbox: true, contextIsolation: true, nodeIntegration: false },
    })
    expect(seen.menuBar).toBe(false)
    // The window shows exactly the PDF the core drew, from a file of its own.
    expect(seen.url).toMatch(/^file:\/\/.*\/print-[^/]+\/%E5%85%9A%E5%91%98%E5%88%97%E8%A1%A8\.pdf$/)
    expect(seen.fileBytes!.equals(pdf.bytes)).toBe(true)
    // Not silent: the clerk picks printer and copies; a wide list opens the dialog in landscape.
    expect(seen.printOptions).toEqual({ silent: false, printBackground: true, landscape: true })
    expect(seen.navigationStopped).toBe(true)
    expect(seen.openAnswer).toBe('deny')
  })

  it('answers cancelled when the dialog is closed, and removes the file when the window closes', async () => {
    const { result, seen, win } = await printWith(await signInSheet(), { prints: false })
    expect(result).toBe('cancelled')
    expect(seen.printOptions).toEqual({ silent: false, printBackground: true, landscape: false })
    const file = fileURLToPath(seen.url)
    expect(await exists(file)).toBe(true)
    win.close()
    await expect.poll(() => exists(dirname(file))).toBe(false)
  })

  it('closes the window and says so when the PDF cannot be shown', async () => {
    const { result, seen } = await printWith(await signInSheet(), { prints: true, loads: false })
    expect(result).toBeInstanceOf(Error)
    expect(seen.closed).toBe(true)
    expect(seen.printOptions).toBeNull()
    await expect.poll(() => exists(dirname(fileURLToPath(seen.url)))).toBe(false)
  })

  it('reads the orientation from the first page box of what the pipeline writes', async () => {
    expect(isLandscape((await wideList()).bytes)).toBe(true)
    expect(isLandscape((await signInSheet()).bytes)).toBe(false)
    const chart = await makeDocument({ kind: 'seatChart', fileName: 'x', title: '座位表', rows: 2, columns: 3, groups: [null, null, null], seats: Array(6).fill('王伟') })
    expect(isLandscape(chart.bytes)).toBe(true)
  })
})
