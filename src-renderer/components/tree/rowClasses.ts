import {
  makeStyles,
  mergeClasses,
  useButtonStyles_unstable,
  useTableCellStyles_unstable,
  useTableRowStyles_unstable,
  type ButtonState,
  type TableCellState,
  type TableRowState,
  tokens,
} from '@fluentui/react-components'

export const ROW_HEIGHT = 40

/** The class names of a button drawn as a plain `<button>`: its root and its icon's `<span>`. */
export interface ButtonClasses {
  root: string
  icon: string
}

/** The classes the tree's plain row elements wear: Fluent's own for its table rows, cells and small buttons. */
export interface RowClasses {
  row: string
  /** A row marked as found (a search hit). */
  foundRow: string
  cell: string
  /** The first cell's content: the indentation, the expander and the text. */
  first: string
  /** The expander's place, kept for leaves too so that their text lines up. */
  expanderBox: string
  actions: string
  /** One line of text cut at the cell's width. */
  text: string
  /** The expander: a small transparent icon-only button. */
  expander: ButtonClasses
  /** An action: a small subtle button with an icon and a label. */
  action: ButtonClasses
}

const useStyles = makeStyles({
  // Contained: a row given another node is laid out and painted alone.
  row: { position: 'absolute', left: 0, right: 0, height: `${ROW_HEIGHT}px`, contain: 'strict' },
  clickable: { cursor: 'pointer' },
  found: { backgroundColor: tokens.colorPaletteYellowBackground2, ':hover': { backgroundColor: tokens.colorPaletteYellowBackground3 } },
  first: { display: 'flex', alignItems: 'center', minWidth: 0, gap: tokens.spacingHorizontalXXS },
  expanderBox: { flexShrink: 0, width: '24px', display: 'inline-flex', justifyContent: 'center' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  // What TableCellLayout's `truncate` does, on the one element that holds the text.
  text: { flex: '1 1 0', minWidth: 0, overflowX: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' },
})

function rowState(): TableRowState {
  return { components: { root: 'div' }, root: {}, noNativeElements: true, size: 'medium', appearance: 'none', isHeaderRow: false }
}

function cellState(): TableCellState {
  return { components: { root: 'div' }, root: {}, noNativeElements: true, size: 'medium' }
}

function buttonState(appearance: 'transparent' | 'subtle', iconOnly: boolean): ButtonState {
  return {
    components: { root: 'button', icon: 'span' },
    // A labelled button's icon is styled for the label beside it only when the root has children.
    root: { children: iconOnly ? undefined : ' ' },
    icon: {},
    appearance,
    disabled: false,
    disabledFocusable: false,
    iconPosition: 'before',
    shape: 'rounded',
    size: 'small',
    iconOnly,
  }
}

const buttonClasses = ({ root, icon }: ButtonState): ButtonClasses => ({ root: root.className ?? '', icon: icon?.className ?? '' })

/**
 * The classes of Fluent's TableRow, TableCell and small Button, computed once per table
 * by Fluent's own style hooks, so that rows drawn as plain elements look exactly like
 * Fluent's while costing no component, hook or style lookup of their own per row (a tree
 * of 5 000 rows re-renders a block of them on every few frames of a scroll).
 */
export function useRowClasses(clickable: boolean): RowClasses {
  const styles = useStyles()
  const row = mergeClasses(useTableRowStyles_unstable(rowState()).root.className, styles.row, clickable && styles.clickable)
  return {
    row,
    foundRow: mergeClasses(row, styles.found),
    cell: useTableCellStyles_unstable(cellState()).root.className ?? '',
    first: styles.first,
    expanderBox: styles.expanderBox,
    actions: styles.actions,
    text: styles.text,
    expander: buttonClasses(useButtonStyles_unstable(buttonState('transparent', true))),
    action: buttonClasses(useButtonStyles_unstable(buttonState('subtle', false))),
  }
}
