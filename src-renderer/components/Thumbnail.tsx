import { useState } from 'react'
import { Button, Image, makeStyles, tokens } from '@fluentui/react-components'
import { useStoredFile } from './FileUpload'
import { ViewDialog } from './ViewDialog'

const useStyles = makeStyles({
  thumb: { width: '64px', height: '40px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall },
  button: { padding: 0, minWidth: 0, height: 'auto' },
  large: { maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' },
})

/** A stored image, small in a table cell; a click shows it large (spec 001 §2: click to enlarge). */
export function Thumbnail({ path, alt }: { path: string | null; alt: string }) {
  const styles = useStyles()
  const url = useStoredFile(path)
  const [open, setOpen] = useState(false)
  if (!path) return <>无</>
  return (
    <>
      <Button appearance="transparent" className={styles.button} aria-label={`查看大图：${alt}`} onClick={() => setOpen(true)}>
        {url ? <Image className={styles.thumb} src={url} alt={alt} /> : '…'}
      </Button>
      <ViewDialog open={open} title={alt} onClose={() => setOpen(false)}>
        {url && <Image className={styles.large} src={url} alt={alt} />}
      </ViewDialog>
    </>
  )
}
