import { useEffect, useState } from 'react'
import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components'
import { DismissRegular, FullScreenMaximizeRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import type { SignUpMember } from '../../../../src-shared/schemas/signup'
import type { TrainDetail } from '../../../../src-shared/schemas/training'
import { call } from '../../../lib/bridge'
import { FileUpload } from '../../../components/FileUpload'
import { QrCode } from '../../../components/QrCode'
import { ResourceTable, type Column } from '../../../components/ResourceTable'
import { useNotify } from '../../../components/toast'
import { useCheckInCode } from '../useCheckInCode'
import { isLoopbackLink, useServerLink } from '../useServerLink'
import { useTabStyles } from './styles'
import { minutesOf } from '../../../../src-shared/date-text'

const useStyles = makeStyles({
  link: { wordBreak: 'break-all', maxWidth: '560px', textAlign: 'center' },
  screen: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    backgroundColor: tokens.colorNeutralBackground1,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXL,
  },
  close: { position: 'absolute', top: tokens.spacingVerticalL, right: tokens.spacingHorizontalL },
})

/** Says so when a QR code points at this machine only (单机模式 without a public address). */
function LoopbackNote({ link }: { link: string }) {
  if (!isLoopbackLink(link)) return null
  return (
    <MessageBar intent="warning">
      <MessageBarBody>当前为单机模式，二维码指向本机地址，手机扫码无法访问；请连接服务器，或在服务器上配置 PUBLIC_URL。</MessageBarBody>
    </MessageBar>
  )
}

/** 报名二维码: the public sign-up link (trainId + tokenValue) as a QR code to print or share. */
export function SignUpQrTab({ detail }: { detail: TrainDetail }) {
  const styles = useStyles()
  const tab = useTabStyles()
  const link = useServerLink(detail.signUpLink)
  return (
    <div className={tab.center}>
      <LoopbackNote link={link} />
      {link ? <QrCode value={link} size={240} label="报名二维码" downloadName={`${detail.name}-报名二维码.png`} /> : <Spinner size="small" />}
      <Text className={styles.link}>{link}</Text>
      <Text className={tab.hint}>党员扫码进入报名页面；报名时间为 {minutesOf(detail.signUpStartTime)} 至 {minutesOf(detail.signUpEndTime)}。</Text>
    </div>
  )
}

/** 签到二维码: the rotating check-in code, with a full-screen view for the venue's big screen. */
export function CheckInQrTab({ detail }: { detail: TrainDetail }) {
  const styles = useStyles()
  const tab = useTabStyles()
  const { code, failure } = useCheckInCode(detail.id)
  const link = useServerLink(code?.link ?? '')
  const [projecting, setProjecting] = useState(false)

  // The venue view fills the screen; leaving full screen (Esc) leaves the view too.
  useEffect(() => {
    const left = () => !document.fullscreenElement && setProjecting(false)
    document.addEventListener('fullscreenchange', left)
    return () => document.removeEventListener('fullscreenchange', left)
  }, [])
  const project = () => {
    setProjecting(true)
    document.documentElement.requestFullscreen().catch(() => undefined)
  }
  const stopProjecting = () => {
    setProjecting(false)
    if (document.fullscreenElement) void document.exitFullscreen()
  }

  const windowText = code?.window
    ? `当前签到时间：${minutesOf(code.window.signInStartTime)} 至 ${minutesOf(code.window.signInEndTime)}`
    : '现在不在签到时间内，扫码无法签到。'

  return (
    <div className={tab.center}>
      {failure && <MessageBar intent="error"><MessageBarBody>{failure}</MessageBarBody></MessageBar>}
      <LoopbackNote link={link} />
      {link ? <QrCode value={link} size={240} label="签到二维码" /> : !failure && <Spinner size="small" />}
      {code && <Text>{windowText}</Text>}
      <Text className={tab.hint}>二维码每 {code?.slotSeconds ?? 30} 秒自动更换，请在会场大屏上投放。</Text>
      <Button appearance="primary" icon={<FullScreenMaximizeRegular />} disabled={!link} onClick={project}>
        投屏
      </Button>
      {projecting && link && (
        <div className={styles.screen} role="dialog" aria-label="签到二维码投屏">
          <Button className={styles.close} appearance="subtle" icon={<DismissRegular />} onClick={stopProjecting}>
            退出投屏
          </Button>
          <Text size={800} weight="semibold">{detail.name}</Text>
          <QrCode value={link} size={Math.min(560, window.innerHeight - 260)} label="签到二维码（投屏）" />
          <Text size={500}>请使用手机扫码签到</Text>
          <Text>{windowText}</Text>
        </div>
      )}
    </div>
  )
}

/** 公文归档: the scanned, stamped notice is stored on the training (`train.archive`). */
export function ArchiveTab({ detail, onChanged }: { detail: TrainDetail; onChanged(detail: TrainDetail): void }) {
  const tab = useTabStyles()
  const notify = useNotify()
  return (
    <div className={tab.stack}>
      <Text className={tab.hint}>请上传盖章后的培训通知扫描件（pdf 或图片）。</Text>
      <FileUpload
        kind="scan"
        label="上传盖章公文"
        removable={false}
        value={detail.resourceUrl}
        fileName={detail.resourceUrl ? `${detail.name}-盖章公文.${detail.resourceUrl.split('.').pop()}` : null}
        onChange={(file) => {
          if (!file) return
          void call('train.archive', { id: detail.id, resourceUrl: file.path })
            .then((next) => {
              onChanged(next)
              notify.success('保存成功！')
            })
            .catch(notify.error)
        }}
      />
    </div>
  )
}

const SIGNED_UP_PAGE_SIZES = [6]

const signedUpColumns: readonly Column<SignUpMember>[] = [
  { key: 'name', title: '姓名', render: (member) => member.name },
  { key: 'telephone', title: '手机号', render: (member) => member.telephone },
  { key: 'org', title: '所在组织', render: (member) => member.orgName ?? '' },
]

/** 已报名人员: the first sign-ups, six a page, with the way to the full list. */
export function SignedUpTab({ detail }: { detail: TrainDetail }) {
  const tab = useTabStyles()
  const navigate = useNavigate()
  const [total, setTotal] = useState<number | null>(null)

  return (
    <div className={tab.stack}>
      <Text>
        已报名 {total ?? '…'} 人{detail.maxNum > 0 ? `（最多 ${detail.maxNum} 人）` : ''}。
        <Link onClick={() => navigate(`/trainingManagement/viewPeople?id=${detail.id}`)}>查看全部报名人员</Link>
      </Text>
      <ResourceTable
        label="已报名人员"
        columns={signedUpColumns}
        rowKey={(member) => member.id}
        pageSizes={SIGNED_UP_PAGE_SIZES}
        load={async ({ pageNum, pageSize }) => {
          const page = await call('signup.list', { trainId: detail.id, pageNum, pageSize })
          setTotal(page.total)
          return page
        }}
      />
    </div>
  )
}
