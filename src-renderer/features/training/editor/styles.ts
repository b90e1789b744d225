import { makeStyles, tokens } from '@fluentui/react-components'

/** Layout shared by the editor's tabs: a two-column grid, full-width rows, row lists. */
export const useTabStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}` },
  wide: { gridColumn: '1 / -1' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '960px' },
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  rowField: { minWidth: '220px', flex: 1 },
  rowEnd: { paddingTop: '26px' },
  inline: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
  center: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalL },
})
