// First, so that the WebSocket opens and 'app.startup' leaves before the rest is evaluated.
import { early } from './ipc/early-startup'
import './app/mantine-styles'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App transport={early.transport} startup={early.startup} />
  </StrictMode>,
)
