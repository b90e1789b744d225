import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { examEditEffects } from '../../../src-shared/exam-edit'
import { examPaperFields, ExamFormSchema, ExamStatus, scorePolicies, scorePolicyLabels, type Exam, type ExamForm } from '../../../src-shared/schemas/exam'
import { call } from '../../lib/bridge'
import { DateTimeInput } from '../../components/DateTimeInput'
import { FormDialog, FULL_ROW } from '../../components/FormDialog'
import { ChoiceField, FormField, TextAreaField, TextField } from '../../components/FormFields'
import { useNotify } from '../../components/toast'

type Option = { id: number; label: string }

const joinTypes = [{ value: 1, label: '全部报名人员' }, { value: 2, label: '随机抽取' }] as const
const yesNo = [{ value: 1, label: '是' }, { value: 0, label: '否' }] as const
const policies = scorePolicies.map((value) => ({ value, label: scorePolicyLabels[value] }))

function blankForm(): ExamForm {
  return { title: '', content: '', trainId: undefined as unknown as number, joinType: 1, joinNum: null, startTime: '', endTime: '', countdown: 60, passLine: 60, retestNum: 0, canLookAnswer: 0, paperId: undefined as unknown as number, paper2Id: null, paper3Id: null, paper4Id: null, paper5Id: null, scorePolicy: 'highest' }
}

function formOf(exam: Exam): ExamForm {
  const { title, content, trainId, joinNum, startTime, endTime, countdown, passLine, retestNum, paperId, paper2Id, paper3Id, paper4Id, paper5Id, scorePolicy } = exam
  return { title, content, trainId, joinType: exam.joinType === 2 ? 2 : 1, joinNum, startTime, endTime, countdown, passLine, retestNum, canLookAnswer: exam.canLookAnswer ? 1 : 0, paperId, paper2Id, paper3Id, paper4Id, paper5Id, scorePolicy }
}

/**
 * What saving the edit of a started exam will do, for the change as it stands (the
 * server applies the same rules, src-shared/exam-edit.ts): attempts are kept, a scoring
 * change is applied to them, a change that cannot be is refused with its reason.
 */
function StartedExamEdit({ exam, values }: { exam: Exam; values: ExamForm }) {
  const parsed = ExamFormSchema.safeParse(values)
  const { refusal, effects } = examEditEffects(exam, parsed.success ? parsed.data : exam)
  return (
    <MessageBar intent={refusal ? 'error' : 'warning'} layout="multiline" className={FULL_ROW} aria-label="修改的影响">
      <MessageBarBody>{refusal ? `不能保存：${refusal}` : `该考试已开始，保存后：${effects.join('；')}。`}</MessageBarBody>
    </MessageBar>
  )
}

/**
 * Add (exam null) or edit an exam with every rule of spec 001 §5; papers B–E are optional.
 * Drawn while open (CrudScreen's own dialog, which says what was saved).
 */
export function ExamDialog({ exam, onClose, onSaved }: { exam: Exam | null; onClose(): void; onSaved(saved: Exam): void }) {
  const notify = useNotify()
  const [trains, setTrains] = useState<Option[]>([])
  const [papers, setPapers] = useState<Option[]>([])

  useEffect(() => {
    Promise.all([call('exam.trains'), call('exam.papers')]).then(
      ([t, p]) => {
        setTrains(t.map((x) => ({ id: x.id, label: x.name })))
        setPapers(p.map((x) => ({ id: x.id, label: `${x.title}（${x.totalScore}分）` })))
      },
      (error: unknown) => notify.error(error),
    )
  }, [notify])

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={exam ? '编辑考试' : '添加考试'}
      layout="wide"
      draftKey={`exam:${exam ? exam.id : 'new'}`}
      schema={ExamFormSchema}
      defaultValues={exam ? formOf(exam) : blankForm()}
      onSubmit={async (values) => {
        onSaved(exam ? await call('exam.update', { id: exam.id, ...values }) : await call('exam.create', values))
      }}
    >
      {({ control, watch }) => (
        <>
          {exam && exam.status !== ExamStatus.NOT_STARTED && <StartedExamEdit exam={exam} values={watch()} />}
          <TextField control={control} name="title" label="考试名称" required maxLength={40} className={FULL_ROW} />
          <TextAreaField control={control} name="content" label="考试简介" required rows={2} className={FULL_ROW} />
          <ChoiceField control={control} name="trainId" label="关联培训" required options={trains.map((t) => ({ value: t.id, label: t.label }))} placeholder="请选择关联培训" />
          <ChoiceField control={control} name="joinType" label="参加方式" required appearance="radio" options={joinTypes} />
          {watch('joinType') === 2 ? <TextField control={control} name="joinNum" label="考试人数" required type="number" blankAsNull /> : <div />}
          <ChoiceField control={control} name="canLookAnswer" label="模拟考试" required appearance="radio" options={yesNo} hint="模拟考试交卷后可查看答案" />
          <FormField control={control} name="startTime" label="开始时间" required>
            {(field) => <DateTimeInput aria-label="开始时间" value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          </FormField>
          <FormField control={control} name="endTime" label="结束时间" required>
            {(field) => <DateTimeInput aria-label="结束时间" value={(field.value as string) ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
          </FormField>
          <TextField control={control} name="countdown" label="考试时长（分钟）" required type="number" />
          <TextField control={control} name="passLine" label="及格线" required type="number" />
          <TextField control={control} name="retestNum" label="重考次数" required type="number" hint="0 表示不能重考" />
          <ChoiceField control={control} name="scorePolicy" label="重考与补考成绩" required appearance="radio" options={policies} />
          {examPaperFields.map(([name, label]) => (
            <ChoiceField
              key={name}
              control={control}
              name={name}
              label={label}
              required={name === 'paperId'}
              placeholder={name === 'paperId' ? '请选择试卷A' : '不使用'}
              options={[...(name === 'paperId' ? [] : [{ value: 0, label: '不使用' }]), ...papers.map((p) => ({ value: p.id, label: p.label }))]}
            />
          ))}
        </>
      )}
    </FormDialog>
  )
}
