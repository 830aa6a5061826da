// The room socket's address: the gateway on the page's own origin (the server serves the app and the
// socket). The live room and the waiting room's knock (issue 33, part 2) both open it.
export function sameOriginSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
