import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { writeFileAtomic } from '../core/atomic-write'

/** The console window's size, position and maximised state, kept in `window-state.json`. */
const WindowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
})
export type WindowState = z.infer<typeof WindowStateSchema>

export interface Area {
  x: number
  y: number
  width: number
  height: number
}

export const DEFAULT_SIZE = { width: 1440, height: 900 }
export const MIN_SIZE = { width: 1024, height: 640 }

export async function readWindowState(file: string): Promise<WindowState | null> {
  try {
    return WindowStateSchema.parse(JSON.parse(await readFile(file, 'utf8')))
  } catch {
    return null
  }
}

export function writeWindowState(file: string, state: WindowState): Promise<void> {
  return writeFileAtomic(file, JSON.stringify(WindowStateSchema.parse(state)) + '\n', 0o600)
}

function overlaps(a: Area, b: Area): boolean {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  // Enough of the title bar to grab: 100 × 40 pixels.
  return width >= 100 && height >= 40
}

/**
 * Where the window opens: the remembered bounds while they are still on a screen
 * (the display may have been unplugged), kept within the screen and the minimum
 * size; otherwise the default size, centred by the window manager.
 */
export function initialBounds(saved: WindowState | null, displays: readonly Area[]): { bounds: Partial<Area> & { width: number; height: number }; maximized: boolean } {
  const display = saved && displays.find((d) => overlaps(saved, d))
  if (!saved || !display) {
    const primary = displays[0]
    const width = primary ? Math.min(DEFAULT_SIZE.width, primary.width) : DEFAULT_SIZE.width
    const height = primary ? Math.min(DEFAULT_SIZE.height, primary.height) : DEFAULT_SIZE.height
    return { bounds: { width, height }, maximized: saved?.maximized ?? false }
  }
  const width = Math.max(MIN_SIZE.width, Math.min(saved.width, display.width))
  const height = Math.max(MIN_SIZE.height, Math.min(saved.height, display.height))
  return { bounds: { x: saved.x, y: saved.y, width, height }, maximized: saved.maximized }
}

/** What the tracker needs of a BrowserWindow. */
export interface TrackedWindow {
  getNormalBounds(): Area
  isMaximized(): boolean
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown
}

/**
 * Saves the window's state a moment after it stops moving or resizing, and once more
 * as it closes. The normal bounds, so a maximised window comes back maximised over
 * the size it had before.
 */
export function keepWindowState(win: TrackedWindow, file: string, onError: (error: unknown) => void, delayMs = 500): void {
  let timer: NodeJS.Timeout | undefined
  const save = () => {
    clearTimeout(timer)
    const bounds = win.getNormalBounds()
    const state = { x: Math.round(bounds.x), y: Math.round(bounds.y), width: Math.round(bounds.width), height: Math.round(bounds.height), maximized: win.isMaximized() }
    writeWindowState(file, state).catch(onError)
  }
  const later = () => {
    clearTimeout(timer)
    timer = setTimeout(save, delayMs)
  }
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event, later)
  win.on('close', save)
}
