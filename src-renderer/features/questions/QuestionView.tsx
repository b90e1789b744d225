import { makeStyles, Text, tokens } from '@fluentui/react-components'
import { answerText, questionTypeLabels, stemOptions, type QuestionTypeValue } from '../../../src-shared/schemas/question'
import { usePreview } from '../../components/upload/ImageUpload'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  image: { maxWidth: '320px', maxHeight: '200px', objectFit: 'contain', alignSelf: 'flex-start' },
})

export interface ViewedQuestion {
  type: number
  title: string
  stem: string | null
  answer: string | null
  analysis: string | null
  imagePath?: string | null
}

/** A question as a reader sees it: type and title, options, answer and analysis. */
export function QuestionView({ question, number, score }: { question: ViewedQuestion; number?: number; score?: number }) {
  const styles = useStyles()
  const answer = answerText(question.type, question.answer)
  const image = usePreview(question.imagePath)
  return (
    <div className={styles.root}>
      <Text weight="semibold">
        {number !== undefined ? `${number}. ` : ''}【{questionTypeLabels[question.type as QuestionTypeValue] ?? question.type}】{question.title}
        {score !== undefined ? `（${score} 分）` : ''}
      </Text>
      {image && <img className={styles.image} src={image} alt="题目图片" />}
      {stemOptions(question.stem).map((o) => (
        <Text key={o.letter}>
          {o.letter}. {o.text}
        </Text>
      ))}
      {answer && <Text className={styles.muted}>答案：{answer}</Text>}
      {question.analysis && <Text className={styles.muted}>解析：{question.analysis}</Text>}
    </div>
  )
}
