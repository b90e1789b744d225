import { Button, Link, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useDownloadTask } from '../../../components/useDownloadTask'

/** The name 生成文件 gives the notice (the server records it so: training/notice.ts), shown and saved alike. */
export const noticeFileName = (trainName: string) => `关于举办${trainName}的通知.docx`

/**
 * The training's generated notice. Just after 生成文件 it says so plainly, naming the
 * file, with 另存为… beside it (the native save dialog in the desktop app, a download in
 * the browser); a notice generated earlier stays a link in the footer.
 */
export function NoticeFile({ path, trainName, fresh }: { path: string; trainName: string; fresh: boolean }) {
  const task = useDownloadTask()
  const name = noticeFileName(trainName)
  const save = () => void task.run('files.get', { path })
  if (!fresh) {
    return (
      <Text>
        培训通知：
        <Link disabled={task.busy} onClick={save}>
          {name}
        </Link>
      </Text>
    )
  }
  return (
    <MessageBar intent="success">
      <MessageBarBody>
        <MessageBarTitle>已生成文件</MessageBarTitle>
        {name}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" size="small" icon={<ArrowDownloadRegular />} disabled={task.busy} onClick={save}>
          另存为…
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
}
