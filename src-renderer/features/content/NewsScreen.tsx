import { newsResource } from '../../../src-shared/schemas/content'
import { FULL_ROW } from '../../components/FormDialog'
import { TextField } from '../../components/FormFields'
import { Thumbnail } from '../../components/Thumbnail'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { DateField, ImageField, RichTextField } from '../../components/crud/fields'

/** 新闻管理 (spec 001 §2): search by title, add, edit, enable switch, delete. */
export default function NewsScreen() {
  return (
    <CrudScreen
      draft="news"
      resource={newsResource}
      label="新闻列表"
      columns={[
        { key: 'title', title: '标题', render: (row) => row.title },
        { key: 'image', title: '缩略图', width: '100px', render: (row) => <Thumbnail path={row.imagePath} alt={row.title} />, text: false },
        { key: 'comeFrom', title: '来源', width: '160px', render: (row) => row.comeFrom },
        { key: 'entryTime', title: '发布日期', width: '120px', render: (row) => row.entryTime },
      ]}
      blank={{ title: '', comeFrom: '', entryTime: '', imagePath: null, content: '' }}
      dialogLayout="wide"
      fields={({ control }) => (
        <>
          <TextField control={control} name="title" label="标题" required maxLength={50} />
          <TextField control={control} name="comeFrom" label="来源" required maxLength={40} />
          <DateField control={control} name="entryTime" label="发布日期" required />
          <ImageField control={control} name="imagePath" label="缩略图" />
          <RichTextField control={control} name="content" label="内容" required className={FULL_ROW} />
        </>
      )}
    />
  )
}
