import type { ReactElement } from 'react'
import {
  BookRegular,
  ClipboardTaskListLtrRegular,
  ClipboardTextLtrRegular,
  HatGraduationRegular,
  HomeRegular,
  NewsRegular,
  OrganizationRegular,
  SettingsRegular,
} from '@fluentui/react-icons'

/** The icon beside each module of the side navigation (keys of the permission tree). */
export const moduleIcons: Record<string, ReactElement> = {
  dashboard: <HomeRegular />,
  training: <HatGraduationRegular />,
  organization: <OrganizationRegular />,
  exam: <ClipboardTaskListLtrRegular />,
  questionnaire: <ClipboardTextLtrRegular />,
  course: <BookRegular />,
  content: <NewsRegular />,
  system: <SettingsRegular />,
}
