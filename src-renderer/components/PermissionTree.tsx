import { Checkbox, FieldContextProvider, makeStyles, tokens } from '@fluentui/react-components'
import { permissionTree, type ModuleNode } from '../../src-shared/permissions'

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalS,
    maxHeight: '320px',
    overflowY: 'auto',
    padding: tokens.spacingVerticalS,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  screens: { display: 'flex', flexDirection: 'column', paddingLeft: tokens.spacingHorizontalXXL },
})

const modules = permissionTree as readonly ModuleNode[]

/**
 * The two-level menu tree of a role with tri-state checkboxes: ticking a module ticks
 * all its screens; a module with some screens ticked shows as mixed. The value is the
 * ticked screen ids (a module is granted through its screens).
 */
export function PermissionTree({ value, onChange, label }: { value: readonly number[]; onChange(next: number[]): void; label: string }) {
  const styles = useStyles()
  const ticked = new Set(value)

  const setScreens = (ids: readonly number[], on: boolean) => {
    const next = new Set(ticked)
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    // In the tree's order, so the form value does not depend on the clicking order.
    onChange(modules.flatMap((m) => m.children.map((s) => s.id)).filter((id) => next.has(id)))
  }

  return (
    // Inside a form Field, Fluent would give every checkbox the field's label as its
    // name; each checkbox keeps its own (the group carries the field's).
    <FieldContextProvider value={undefined}>
      <div className={styles.root} role="group" aria-label={label}>
        {modules.map((module) => {
          const ids = module.children.map((s) => s.id)
          const count = ids.filter((id) => ticked.has(id)).length
          const state = count === 0 ? false : count === ids.length ? true : 'mixed'
          return (
            <div key={module.id}>
              <Checkbox label={module.title} checked={state} onChange={() => setScreens(ids, state !== true)} />
              <div className={styles.screens}>
                {module.children.map((screen) => (
                  <Checkbox
                    key={screen.id}
                    label={screen.title}
                    checked={ticked.has(screen.id)}
                    onChange={(_, data) => setScreens([screen.id], data.checked === true)}
                  />
                ))}
              </div>
            </div>
          )
        })}
      </div>
    </FieldContextProvider>
  )
}
