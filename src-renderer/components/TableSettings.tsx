import type { ReactNode } from 'react'
import {
  Button,
  Menu,
  MenuItemCheckbox,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  makeStyles,
  tokens,
  type MenuProps,
} from '@fluentui/react-components'
import { ArrowClockwiseRegular, ColumnTripleEditRegular, TextLineSpacingRegular } from '@fluentui/react-icons'
import type { Density, TableSettings as Settings } from './useTableSettings'

const useStyles = makeStyles({
  bar: { display: 'flex', gap: tokens.spacingHorizontalXS, marginLeft: 'auto' },
})

const DENSITIES: readonly { value: Density; label: string }[] = [
  { value: 'extra-small', label: '紧凑' },
  { value: 'small', label: '适中' },
  { value: 'medium', label: '宽松' },
]

interface TableSettingsProps {
  columns: readonly { key: string; title: string }[]
  settings: Settings
  onChange(next: Settings): void
  onRefresh(): void
  /** Tools before 刷新 (打印). */
  children?: ReactNode
}

/** The right-hand tools of every list (as office consoles have them): 刷新, 密度, 列设置, after any the table adds (打印). */
export function TableSettings({ columns, settings, onChange, onRefresh, children }: TableSettingsProps) {
  const styles = useStyles()
  const shown = columns.filter((c) => !settings.hidden.includes(c.key)).map((c) => c.key)
  const onColumns: MenuProps['onCheckedValueChange'] = (_e, { checkedItems }) => {
    // The last visible column stays: a list without columns reads as broken.
    if (checkedItems.length === 0) return
    onChange({ ...settings, hidden: columns.map((c) => c.key).filter((k) => !checkedItems.includes(k)) })
  }
  const onDensity: MenuProps['onCheckedValueChange'] = (_e, { checkedItems }) => {
    const density = DENSITIES.find((d) => d.value === checkedItems[0])
    if (density) onChange({ ...settings, density: density.value })
  }
  return (
    <div className={styles.bar}>
      {children}
      <Tooltip content="刷新" relationship="label">
        <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={onRefresh} />
      </Tooltip>
      {columns.length > 0 && (
        <>
          <Menu checkedValues={{ density: [settings.density] }} onCheckedValueChange={onDensity}>
            <MenuTrigger disableButtonEnhancement>
              <Tooltip content="密度" relationship="label">
                <Button appearance="subtle" icon={<TextLineSpacingRegular />} />
              </Tooltip>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {DENSITIES.map((d) => (
                  <MenuItemRadio key={d.value} name="density" value={d.value}>
                    {d.label}
                  </MenuItemRadio>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
          <Menu checkedValues={{ columns: shown }} onCheckedValueChange={onColumns}>
            <MenuTrigger disableButtonEnhancement>
              <Tooltip content="列设置" relationship="label">
                <Button appearance="subtle" icon={<ColumnTripleEditRegular />} />
              </Tooltip>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {columns.map((c) => (
                  <MenuItemCheckbox key={c.key} name="columns" value={c.key}>
                    {c.title}
                  </MenuItemCheckbox>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        </>
      )}
    </div>
  )
}
