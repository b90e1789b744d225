import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SYSTEM_NAME } from '../src-shared/product'
import { installFallbackMessages } from '../src-shared/schemas/messages'
import { App } from './app/App'

// Short Chinese words for any problem a schema leaves unworded (never zod's own text).
installFallbackMessages()
document.title = SYSTEM_NAME

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
