import { app } from 'electron'

void app.whenReady()
