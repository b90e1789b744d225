import { carouselResource, NO_NEWS } from '../../../src-shared/schemas/content'
import { CrudScreen } from '../../components/crud/CrudScreen'

/** 轮播图管理 (spec 001 §2): image (required) and a linked news item or none, enable switch. */
export default function CarouselPage() {
  return <CrudScreen resource={carouselResource} label="轮播图列表" cells={{ news: { render: (row) => row.news?.title ?? NO_NEWS } }} />
}
