import { FluentProvider, makeStaticStyles } from '@fluentui/react-components'
import { createHashRouter, RouterProvider } from 'react-router-dom'
import { AppToaster } from '../components/toast'
import { appRoutes } from './AppRoutes'
import { appTheme } from '../lib/theme'

const useGlobalStyles = makeStaticStyles({
  'html, body': { margin: 0, padding: 0 },
})

const router = createHashRouter(appRoutes)

export function App() {
  useGlobalStyles()
  return (
    // No className here: FluentProvider copies it onto every portal (dialogs, toasts).
    <FluentProvider theme={appTheme}>
      <AppToaster />
      <RouterProvider router={router} />
    </FluentProvider>
  )
}
