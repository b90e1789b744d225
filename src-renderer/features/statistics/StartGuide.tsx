import { Card, Link, makeStyles, Text, tokens } from '@fluentui/react-components'
import { screenByKey, type PermissionKey } from '../../../src-shared/permissions'
import { useUser } from '../../components/session'

const steps: readonly { screen: PermissionKey; title: string; text: string }[] = [
  { screen: 'organization:department', title: '建立组织', text: '添加本单位的党组织，党员和培训班都挂在组织下。' },
  { screen: 'organization:member', title: '添加党员', text: '逐个添加，或用 Excel 模板批量导入。' },
  { screen: 'training:train', title: '开设培训班', text: '新增培训班并提交审核，通过后党员即可报名。' },
]

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalL, gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
})

/**
 * What a new province does first, in order (组织 → 党员 → 培训), shown on the dashboard
 * while there is no training yet. A step whose screen the role lacks is named, not linked.
 */
export function StartGuide() {
  const styles = useStyles()
  const { permissions } = useUser()
  return (
    <Card className={styles.card} aria-label="开始使用">
      <Text weight="semibold" size={400}>
        开始使用
      </Text>
      <Text className={styles.muted}>还没有培训班。按下面的顺序准备，统计会随数据出现在这里：</Text>
      <ol className={styles.list}>
        {steps.map((step) => {
          const path = screenByKey.get(step.screen)?.path
          const title = screenByKey.get(step.screen)?.title ?? step.title
          return (
            <li key={step.screen}>
              <Text weight="semibold">{step.title}：</Text>
              {path && permissions.includes(step.screen) ? <Link href={`#${path}`}>{title}</Link> : <Text>{title}</Text>}
              <Text className={styles.muted}> — {step.text}</Text>
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
