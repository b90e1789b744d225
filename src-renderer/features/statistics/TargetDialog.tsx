import { HourTargetsSchema, type HourTargets } from '../../../src-shared/schemas/statistics'
import { call } from '../../lib/bridge'
import { FormDialog } from '../../components/FormDialog'
import { TextField } from '../../components/FormFields'
import { useNotify } from '../../components/toast'

const DEFAULT_FORM: HourTargets = { memberHours: 32, cadreHours: 56 }

/** 学时目标设置: the yearly class-hour targets of party members and of secretaries and committee members. */
export function TargetDialog({ targets, onClose, onSaved }: { targets: HourTargets | null; onClose(): void; onSaved(targets: HourTargets): void }) {
  const notify = useNotify()
  return (
    <FormDialog
      open={targets !== null}
      onOpenChange={(open) => !open && onClose()}
      title="学时目标设置"
      schema={HourTargetsSchema}
      defaultValues={targets ?? DEFAULT_FORM}
      onSubmit={async (values) => {
        onSaved(await call('ledger.setTargets', values))
        notify.success('设定成功！')
      }}
    >
      {(form) => (
        <>
          <TextField control={form.control} name="memberHours" label="党员年度学时目标" required type="number" contentAfter="学时" autoFocus />
          <TextField control={form.control} name="cadreHours" label="支部书记、委员年度学时目标" required type="number" contentAfter="学时" hint="党内职务含“书记”或“委员”的党员按此目标计" />
        </>
      )}
    </FormDialog>
  )
}
