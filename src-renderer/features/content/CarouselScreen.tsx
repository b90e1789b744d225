import { useEffect, useState } from 'react'
import { Dropdown, Option } from '@fluentui/react-components'
import { carouselResource, type NewsRow } from '../../../src-shared/schemas/content'
import { call } from '../../lib/bridge'
import { FormField } from '../../components/FormFields'
import { Thumbnail } from '../../components/Thumbnail'
import { useNotify } from '../../components/toast'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { ImageField } from '../../components/crud/fields'
import { minutesOf } from '../../../src-shared/date-text'

const NO_NEWS = '无'

/** 轮播图管理 (spec 001 §2): image (required) and a linked news item or none, enable switch. */
export default function CarouselScreen() {
  const notify = useNotify()
  const [news, setNews] = useState<NewsRow[]>([])
  useEffect(() => {
    call('news.all').then(setNews, notify.error)
  }, [notify])

  return (
    <CrudScreen
      resource={carouselResource}
      label="轮播图列表"
      columns={[
        { key: 'image', title: '图片', width: '110px', render: (row) => <Thumbnail path={row.imagePath} alt={row.news?.title ?? '轮播图'} />, text: false },
        { key: 'news', title: '关联新闻', render: (row) => row.news?.title ?? NO_NEWS },
        { key: 'createTime', title: '创建时间', width: '180px', render: (row) => minutesOf(row.createTime) },
      ]}
      blank={{ imagePath: null, newsId: null }}
      toValues={(row) => ({ imagePath: row.imagePath, newsId: row.newsId })}
      fields={({ control }) => (
        <>
          <ImageField control={control} name="imagePath" label="图片" required />
          <FormField control={control} name="newsId" label="关联新闻">
            {(field) => (
              <Dropdown
                ref={field.ref}
                value={news.find((n) => n.id === field.value)?.title ?? NO_NEWS}
                selectedOptions={[field.value ? String(field.value) : '']}
                onOptionSelect={(_, data) => field.onChange(data.optionValue ? Number(data.optionValue) : null)}
              >
                <Option value="">{NO_NEWS}</Option>
                {news.map((n) => (
                  <Option key={n.id} value={String(n.id)}>
                    {n.title}
                  </Option>
                ))}
              </Dropdown>
            )}
          </FormField>
        </>
      )}
    />
  )
}
