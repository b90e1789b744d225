import { useState } from 'react'
import { Button, Dropdown, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { pageItems } from './pageItems'

export const PAGE_SIZES = [10, 20, 50, 100] as const

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    justifyContent: 'flex-end',
    paddingTop: tokens.spacingVerticalM,
  },
  sizes: { minWidth: '112px' },
  page: { minWidth: '32px', paddingLeft: 0, paddingRight: 0 },
  gap: { minWidth: '24px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  jumper: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  jumperInput: { width: '56px' },
})

export interface PagerProps {
  total: number
  /** The count stopped at `total` (shown as 共 100+ 条): pages past it may be asked for. */
  totalCapped?: boolean
  pageNum: number
  pageSize: number
  onChange(pageNum: number, pageSize: number): void
  /** A fixed page size (e.g. 6 in a small panel) leaves out the size choice. */
  fixedSize?: boolean
  /** The sizes offered (teachers: 8, 12, 16). */
  sizes?: readonly number[]
}

/** The spec's pager layout (000 §9): total, sizes, prev, pages, next, jumper. */
export function Pager({ total, totalCapped, pageNum, pageSize, onChange, fixedSize = false, sizes = PAGE_SIZES }: PagerProps) {
  const styles = useStyles()
  const pageCount = Math.max(1, Math.ceil(total / pageSize))
  const [jumpText, setJumpText] = useState('')

  const goTo = (page: number) => {
    // Past a stopped count the server counts further; a page past the real end comes back empty and the list steps back to the last one.
    const target = totalCapped ? Math.max(1, page) : Math.min(Math.max(1, page), pageCount)
    if (target !== pageNum) onChange(target, pageSize)
  }
  const jump = () => {
    const page = Number.parseInt(jumpText, 10)
    if (Number.isFinite(page)) goTo(page)
    setJumpText('')
  }

  return (
    <nav className={styles.root} aria-label="分页">
      <Text>
        共 {total}
        {totalCapped ? '+' : ''} 条
      </Text>
      {!fixedSize && (
        <Dropdown
          className={styles.sizes}
          aria-label="每页条数"
          value={`${pageSize} 条/页`}
          selectedOptions={[String(pageSize)]}
          onOptionSelect={(_, data) => onChange(1, Number(data.optionValue))}
        >
          {sizes.map((size) => (
            <Option key={size} value={String(size)}>{`${size} 条/页`}</Option>
          ))}
        </Dropdown>
      )}
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label="上一页"
        disabled={pageNum <= 1}
        onClick={() => goTo(pageNum - 1)}
      />
      {pageItems(pageNum, pageCount).map((item) =>
        typeof item === 'number' ? (
          <Button
            key={item}
            className={styles.page}
            appearance={item === pageNum ? 'primary' : 'subtle'}
            aria-current={item === pageNum ? 'page' : undefined}
            onClick={() => goTo(item)}
          >
            {item}
          </Button>
        ) : (
          <span key={item} className={styles.gap} aria-hidden>
            …
          </span>
        ),
      )}
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label="下一页"
        disabled={pageNum >= pageCount}
        onClick={() => goTo(pageNum + 1)}
      />
      <span className={styles.jumper}>
        前往
        <Input
          className={styles.jumperInput}
          aria-label="前往页码"
          inputMode="numeric"
          value={jumpText}
          onChange={(_, data) => setJumpText(data.value.replace(/\D/g, ''))}
          onKeyDown={(event) => event.key === 'Enter' && jump()}
          onBlur={jump}
        />
        页
      </span>
    </nav>
  )
}
