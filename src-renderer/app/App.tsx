import { FluentProvider, makeStaticStyles } from '@fluentui/react-components'
import { HashRouter } from 'react-router-dom'
import { ConfirmProvider } from '../components/confirm'
import { AppToaster } from '../components/toast'
import { AppRoutes } from './AppRoutes'
import { SessionProvider } from '../components/session'
import { SetupGate } from './SetupGate'
import { appTheme } from '../lib/theme'

const useGlobalStyles = makeStaticStyles({
  'html, body': { margin: 0, padding: 0 },
})

export function App() {
  useGlobalStyles()
  return (
    // No className here: FluentProvider copies it onto every portal (dialogs, toasts).
    <FluentProvider theme={appTheme}>
      <AppToaster />
      <HashRouter>
        <ConfirmProvider>
          <SetupGate>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </SetupGate>
        </ConfirmProvider>
      </HashRouter>
    </FluentProvider>
  )
}
