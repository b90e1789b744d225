/**
 * The application menu in Chinese, as plain data for Electron's Menu.buildFromTemplate
 * (the same shape as its MenuItemConstructorOptions). Roles keep the native behaviour
 * (copy, paste, zoom, full screen) under Chinese labels. A packaged app has no
 * developer tools and no reload: a user must not open the page's internals.
 */
export interface MenuItem {
  label?: string
  role?: string
  type?: 'separator'
  accelerator?: string
  click?: () => void
  submenu?: MenuItem[]
}

export interface MenuActions {
  openLogFolder(): void
  checkForUpdates(): void
  showAbout(): void
}

const separator: MenuItem = { type: 'separator' }

export function menuTemplate(options: { packaged: boolean; platform: NodeJS.Platform; appName: string; actions: MenuActions }): MenuItem[] {
  const { packaged, platform, actions } = options
  const mac = platform === 'darwin'
  const developer: MenuItem[] = packaged
    ? []
    : [separator, { label: '重新加载', role: 'reload' }, { label: '开发者工具', role: 'toggleDevTools' }]
  const template: MenuItem[] = [
    {
      label: '文件',
      submenu: [{ label: '打开日志文件夹', click: actions.openLogFolder }, separator, mac ? { label: '关闭窗口', role: 'close' } : { label: '退出', role: 'quit' }],
    },
    {
      label: '编辑',
      submenu: [
        { label: '撤销', role: 'undo' },
        { label: '重做', role: 'redo' },
        separator,
        { label: '剪切', role: 'cut' },
        { label: '复制', role: 'copy' },
        { label: '粘贴', role: 'paste' },
        { label: '全选', role: 'selectAll' },
      ],
    },
    {
      label: '视图',
      submenu: [
        { label: '实际大小', role: 'resetZoom' },
        { label: '放大', role: 'zoomIn' },
        { label: '缩小', role: 'zoomOut' },
        separator,
        { label: '全屏', role: 'togglefullscreen' },
        ...developer,
      ],
    },
    {
      label: '窗口',
      submenu: [{ label: '最小化', role: 'minimize' }, { label: '缩放', role: 'zoom' }, ...(mac ? [separator, { label: '前置全部窗口', role: 'front' }] : [])],
    },
    {
      label: '帮助',
      submenu: [{ label: '检查更新', click: actions.checkForUpdates }, separator, { label: `关于${options.appName}`, click: actions.showAbout }],
    },
  ]
  // macOS puts the application's own menu first, named after the app.
  if (mac) {
    template.unshift({
      label: options.appName,
      submenu: [{ label: `关于${options.appName}`, click: actions.showAbout }, separator, { label: '隐藏', role: 'hide' }, { label: '退出', role: 'quit' }],
    })
  }
  return template
}

/** Every role in a template, nested menus included (what the tests look for). */
export function rolesOf(template: readonly MenuItem[]): string[] {
  return template.flatMap((item) => [...(item.role ? [item.role] : []), ...rolesOf(item.submenu ?? [])])
}
