/** nginx's built-in error pages: what a client sees when the proxy, not the API, answers. */
const TITLES: Record<number, string> = {
  502: '502 Bad Gateway',
  503: '503 Service Temporarily Unavailable',
  504: '504 Gateway Time-out',
}

export function proxyPage(status: 502 | 503 | 504): string {
  const title = TITLES[status] ?? String(status)
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
}
