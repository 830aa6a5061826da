// What a caller is shown of their lab: everyone in it sees its name, theme and modules (the rooms need
// them); the purchased minutes are consumption data, for holders of view consumption only.
import type { LabView, Permission } from '@lablive/domain';
import type { Lab } from './labs.repository.ts';

export function labViewFor(lab: Lab, permissions: readonly Permission[]): LabView {
  const image = (url: string | null) => (url ? { url } : null);
  return {
    id: lab.id,
    name: lab.name,
    ...(permissions.includes('view_consumption') ? { plan_minutes: lab.planMinutes } : {}),
    primary_color: lab.theme.primaryColor,
    background_color: lab.theme.backgroundColor,
    third_color: lab.theme.thirdColor,
    logo_image: image(lab.theme.logoUrl),
    header_image: image(lab.theme.headerImageUrl),
    waiting_room_image: image(lab.theme.waitingRoomImageUrl),
    modules: lab.modules.map((name) => ({ name })),
  };
}
