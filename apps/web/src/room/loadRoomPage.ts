// The live room's code, loaded on demand (it is the heaviest screen): by the router for /room/{id},
// and ahead of time by the waiting room, so Join does not wait for it to download and start.
export const loadRoomPage = () => import('./RoomPage.tsx');
