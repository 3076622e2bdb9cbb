import WebSocket from 'ws'
import { rawDataToText } from '../host/ws-bridge'
import type { HostProcess } from './host-process'

export interface Reply {
  id: string
  result: { ok: boolean; error?: { code: string; message: string } }
}

/**
 * A frame-level client of the host's WebSocket that sends raw text (hostile frames are not
 * always representable as JS objects) and reconnects when the host closes the socket, as it
 * must for oversized frames.
 */
export class FuzzClient {
  private socket: WebSocket | null = null
  private next = 0
  private readonly waiting = new Map<string, (reply: Reply) => void>()

  constructor(private readonly host: HostProcess) {}

  private async connect(): Promise<WebSocket> {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) return this.socket
    const socket = new WebSocket(`ws://127.0.0.1:${this.host.port}/ipc?token=${this.host.token}`, {
      origin: this.host.origin,
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    socket.on('error', () => undefined)
    socket.on('message', (data: WebSocket.RawData) => {
      const frame = JSON.parse(rawDataToText(data)) as Partial<Reply>
      if (typeof frame.id === 'string' && frame.result) {
        this.waiting.get(frame.id)?.(frame as Reply)
        this.waiting.delete(frame.id)
      }
    })
    this.socket = socket
    return socket
  }

  newId(): string {
    return `f${++this.next}`
  }

  /** Sends raw text; resolves once it is written (or the socket closed on it). */
  async sendRaw(text: string | Buffer, binary = false): Promise<void> {
    const socket = await this.connect()
    await new Promise<void>((resolve) => socket.send(text, { binary }, () => resolve()))
  }

  /** Sends an invoke frame whose input is raw JSON text and waits for its reply. */
  async invoke(channel: string, inputText: string, timeoutMs = 15_000): Promise<Reply | 'closed'> {
    const id = this.newId()
    const socket = await this.connect()
    const frame = `{"id":${JSON.stringify(id)},"channel":${JSON.stringify(channel)},"input":${inputText}}`
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new Error(`no reply to ${channel} within ${timeoutMs} ms`))
      }, timeoutMs)
      const onClose = () => {
        clearTimeout(timer)
        this.waiting.delete(id)
        resolve('closed')
      }
      socket.once('close', onClose)
      this.waiting.set(id, (reply) => {
        clearTimeout(timer)
        socket.off('close', onClose)
        resolve(reply)
      })
      socket.send(frame)
    })
  }

  /** Waits for the reply to an id sent with sendRaw. */
  reply(id: string, timeoutMs: number): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        reject(new Error(`no reply to ${id} within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiting.set(id, (reply) => {
        clearTimeout(timer)
        resolve(reply)
      })
    })
  }

  close(): void {
    this.socket?.terminate()
  }
}
