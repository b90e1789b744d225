import { Button } from '@fluentui/react-components'
import { TextBulletListSquareRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router-dom'
import { examCategoryResource, questionnaireCategoryResource, UseType } from '../../../src-shared/schemas/question'
import { CrudScreen } from '../../components/crud/CrudScreen'
import { bankPaths, useUseType } from './useType'

const resources = { [UseType.EXAM]: examCategoryResource, [UseType.QUESTIONNAIRE]: questionnaireCategoryResource }

/** 题库类别 / 问卷类别 (spec 001 §2): search by name, add, edit, delete, view the questions. */
export default function CategoryPage() {
  const useType = useUseType()
  const navigate = useNavigate()
  return (
    <CrudScreen
      // The two uses' screens are one page: moving between them starts a fresh list.
      key={useType}
      resource={resources[useType]}
      label="类别列表"
      fixed={{ useType }}
      actionsWidth="300px"
      rowActions={(row) => (
        <Button size="small" appearance="subtle" icon={<TextBulletListSquareRegular />} onClick={() => navigate(`${bankPaths[useType].bank}?categoryId=${row.id}`)}>
          查看题目
        </Button>
      )}
    />
  )
}
