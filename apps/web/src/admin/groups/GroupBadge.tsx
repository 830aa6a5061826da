// A group's picture, or the first letter of its name on its colour (the list's picture column, the panel).
import { filledColors, type Group } from '@lablive/domain';

export function GroupBadge({
  group,
  size = 'small',
}: {
  group: Pick<Group, 'name' | 'color' | 'picture_url'>;
  size?: 'small' | 'large';
}) {
  const letter = [...group.name.trim()][0]?.toLocaleUpperCase() ?? '?';
  const colors = filledColors(group.color);
  return (
    <span
      className={`group-picture group-picture-${size}`}
      style={{ background: colors.background, color: colors.foreground }}
      aria-hidden="true"
    >
      {group.picture_url ? <img src={group.picture_url} alt="" /> : letter}
    </span>
  );
}
