import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { z } from 'zod'
import { SYSTEM_NAME } from '../src-shared/product'
import { App } from './app/App'

// Chinese default messages for every schema without its own (spec: labels are Chinese).
z.config(z.locales.zhCN())
document.title = SYSTEM_NAME

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
