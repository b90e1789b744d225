import { useState, type ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components'
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema'
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { DraftNote, useDraft } from './drafts'
import { useGuardedClose, useLeaveGuard } from './leaveGuard'
import { showServerIssues } from './serverIssues'
import { useNotify } from './toast'

export interface FormDialogProps<Input extends FieldValues, Output> {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  schema: z.ZodType<Output, Input>
  /** The values the form opens with (an empty record to add, the row to edit). */
  defaultValues: DefaultValues<Input>
  /** Saves; throw (an AppError) to keep the dialog open with the server's message. */
  onSubmit(values: Output): Promise<void>
  /** The fields, bound through `form.control` (see FormFields). */
  children(form: UseFormReturn<Input, unknown, Output>): ReactNode
  submitText?: string
  /** The dismissing button's text (取消); closing the dialog any way calls `onOpenChange(false)`. */
  cancelText?: string
  /** `wide`: a larger dialog with the fields in two columns (long forms); `FULL_ROW` spans both. */
  layout?: 'narrow' | 'wide'
  /** Keeps a draft of the form under this key (e.g. `news:new`, `news:12`) and offers it back (drafts.tsx). */
  draftKey?: string
}

/** Class for a field that takes a whole row of a wide dialog (address, upload). */
export const FULL_ROW = 'form-dialog-full-row'

const useStyles = makeStyles({
  fields: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, paddingTop: tokens.spacingVerticalS },
  wideSurface: { maxWidth: '820px', width: '100%' },
  wideFields: {
    display: 'grid',
    gridTemplateColumns: '1fr 1fr',
    // A field with a hint or a message must not stretch its neighbour's input.
    alignItems: 'start',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalS,
    [`& > .${FULL_ROW}`]: { gridColumn: '1 / -1' },
  },
})

/**
 * A dialog with a form validated by a zod schema: messages under each field, the
 * server's field problems mapped onto the fields, any other failure as an error
 * toast, a spinner while saving, and 取消 / 确定. Every opening is a new form built
 * from the values given then: nothing of the last record or attempt stays behind
 * (a reset keeps a controlled field's old value where the new one is undefined).
 */
export function FormDialog<Input extends FieldValues, Output>(props: FormDialogProps<Input, Output>) {
  const [openings, setOpenings] = useState(0)
  const [wasOpen, setWasOpen] = useState(props.open)
  if (props.open !== wasOpen) {
    setWasOpen(props.open)
    if (props.open) setOpenings((n) => n + 1)
  }
  return <OpenedFormDialog key={openings} {...props} />
}

function OpenedFormDialog<Input extends FieldValues, Output>({
  open,
  onOpenChange,
  title,
  schema,
  defaultValues,
  onSubmit,
  children,
  submitText = '确定',
  cancelText = '取消',
  layout = 'narrow',
  draftKey,
}: FormDialogProps<Input, Output>) {
  const styles = useStyles()
  const notify = useNotify()
  // The standard-schema resolver reports each field's own message (请选择性别); the zod one
  // replaces a union's message with its first member's (无效输入：期望 数字 …).
  const form = useForm<Input, unknown, Output>({ resolver: standardSchemaResolver(schema), defaultValues })
  const { handleSubmit, setError, formState } = form
  const draft = useDraft(form as UseFormReturn<Input, unknown, unknown>, open ? (draftKey ?? null) : null)
  // Read during render so the form tracks it.
  const { isDirty } = formState
  // While saving, the save carries the work: a submit that moves to another page (复制培训班) is not asked about.
  const leave = useLeaveGuard(open && isDirty && !formState.isSubmitting)

  // Esc, the backdrop and 取消 ask before typed work is dropped (and with it its draft).
  const guardedClose = useGuardedClose(isDirty, () => onOpenChange(false), draft)
  const close = async () => {
    if (!formState.isSubmitting) await guardedClose()
  }

  const submit = handleSubmit(async (values) => {
    try {
      leave.release()
      await onSubmit(values)
      draft.done()
      onOpenChange(false)
    } catch (error) {
      if (!showServerIssues(error, Object.keys(defaultValues), setError)) notify.error(error)
    }
  })

  return (
    <Dialog open={open} onOpenChange={(_, data) => (data.open ? onOpenChange(true) : void close())}>
      <DialogSurface className={layout === 'wide' ? styles.wideSurface : undefined}>
        <form
          onSubmit={(event) => {
            // React events bubble through the portal to the owner's tree: a dialog opened
            // from inside another form must not submit that form too.
            event.stopPropagation()
            void submit(event)
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={layout === 'wide' ? styles.wideFields : styles.fields}>
              <DraftNote draft={draft} className={FULL_ROW} />
              {children(form)}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={formState.isSubmitting} onClick={() => void close()}>
                {cancelText}
              </Button>
              <Button
                appearance="primary"
                type="submit"
                disabled={formState.isSubmitting}
                icon={formState.isSubmitting ? <Spinner size="tiny" /> : undefined}
              >
                {submitText}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
