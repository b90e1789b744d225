import { makeStyles, Text, tokens } from '@fluentui/react-components'
import type { TrainDetail } from '../../../src-shared/schemas/training'
import { QrCode } from '../../components/QrCode'
import { RichTextView } from '../../components/RichText'
import { useServerLink } from './useServerLink'
import { minutesOf } from '../../../src-shared/date-text'

const useStyles = makeStyles({
  paper: {
    fontFamily: '"FangSong", "STFangsong", "Noto Serif CJK SC", serif',
    lineHeight: 1.8,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  title: { textAlign: 'center', fontSize: '22px', fontWeight: 700, margin: `0 0 ${tokens.spacingVerticalL}` },
  heading: { fontWeight: 700, marginTop: tokens.spacingVerticalM },
  signup: { display: 'flex', gap: tokens.spacingHorizontalXL, alignItems: 'center' },
  signature: { textAlign: 'right', marginTop: tokens.spacingVerticalXL },
})

/** `2026-12-01 00:00:00` → 2026年12月1日, as the notice prints the review-document date. */
function chineseDate(text: string): string {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}

/** The training laid out as its official notice (培训通知), with the sign-up QR code. */
export function NoticeView({ detail }: { detail: TrainDetail }) {
  const styles = useStyles()
  const link = useServerLink(detail.signUpLink)
  const contacts = [
    [detail.name1, detail.telephone1],
    [detail.name2, detail.telephone2],
    [detail.name3, detail.telephone3],
  ].filter(([name]) => name)

  return (
    <article className={styles.paper} aria-label="培训通知">
      <h2 className={styles.title}>关于举办{detail.name}的通知</h2>
      <div>{detail.sendObject}：</div>
      <RichTextView html={detail.description} />
      <div className={styles.heading}>一、培训内容</div>
      <RichTextView html={detail.content} />
      <div className={styles.heading}>二、培训时间和地点</div>
      <div>
        {minutesOf(detail.trainStartTime)} 至 {minutesOf(detail.trainEndTime)}，共 {detail.classHour} 学时；地点：{detail.site}
      </div>
      <div className={styles.heading}>三、参训对象</div>
      <div>{detail.participants}</div>
      <div className={styles.heading}>四、报名方式</div>
      <div className={styles.signup}>
        <div>
          <div>
            报名时间：{minutesOf(detail.signUpStartTime)} 至 {minutesOf(detail.signUpEndTime)}
            {detail.maxNum > 0 ? `，名额 ${detail.maxNum} 人` : ''}。请扫描右侧二维码报名。
          </div>
          {detail.signUpMarks && <div>{detail.signUpMarks}</div>}
        </div>
        {link && <QrCode value={link} size={120} label="报名二维码" />}
      </div>
      <div className={styles.heading}>五、培训要求</div>
      <RichTextView html={detail.requirement} />
      <div className={styles.heading}>六、联系方式</div>
      {contacts.map(([name, phone]) => (
        <div key={name}>
          {name}，{phone}
        </div>
      ))}
      <div className={styles.signature}>
        <div>{detail.depName}</div>
        <Text>{chineseDate(detail.createTime)}</Text>
      </div>
    </article>
  )
}
