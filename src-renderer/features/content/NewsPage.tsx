import { newsResource } from '../../../src-shared/schemas/content'
import { CrudScreen } from '../../components/crud/CrudScreen'

/** 新闻管理 (spec 001 §2): search by title, add, edit, enable switch, delete; its fields and columns are the descriptor's. */
export default function NewsPage() {
  return <CrudScreen draft="news" resource={newsResource} label="新闻列表" />
}
