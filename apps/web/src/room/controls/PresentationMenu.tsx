// The animators' presentation menu (live-room spec, sections 2 and 6): choose a scene for everyone
// (SetPresentationScene; the server stops a screen share then) and move through its steps
// (SetPresentationStep).
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useCommand } from '../sidebar/useCommand.ts';
import { isPresentationScene, movedStep, presentationPlan } from '../stage/presentationPlan.ts';
import { ControlSlot } from './ControlSlot.tsx';

export function PresentationMenu() {
  const { t } = useTranslation('room');
  const { token } = useRoom();
  const presentation = useRoomState((state) => state.presentation);
  const command = useCommand();
  const plan = presentationPlan(token.medias);
  const current = plan.find((item) => item.scene === presentation.scene);
  const steps = current?.steps ?? 1;

  const chooseScene = (scene: string) => {
    if (isPresentationScene(scene)) void command.run({ type: 'SetPresentationScene', data: { scene } });
  };
  const moveStep = (delta: -1 | 1) =>
    void command.run({
      type: 'SetPresentationStep',
      data: { step: movedStep(presentation.step, delta, steps) },
    });

  return (
    <ControlSlot error={command.error}>
      {/* Not modal, like the room's other menus: a modal menu hides the whole page from screen readers
          while its buttons stay focusable (axe: aria-hidden-focus). */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            className="control-button"
            data-testid="room-presentation-menu"
            aria-label={t('controls.presentation')}
          >
            <Icon name="presentation" />
            <span className="control-label">{t('controls.presentation')}</span>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" side="top" sideOffset={8}>
            <DropdownMenu.Label className="menu-label">{t('controls.scenes')}</DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={presentation.scene ?? ''} onValueChange={chooseScene}>
              {plan.map(({ scene }) => (
                <DropdownMenu.RadioItem
                  key={scene}
                  value={scene}
                  className="menu-item"
                  data-testid={`presentation-scene-${scene}`}
                >
                  <DropdownMenu.ItemIndicator className="menu-indicator">●</DropdownMenu.ItemIndicator>
                  {t(`controls.sceneNames.${scene}`)}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            {current !== undefined && current.steps > 1 && (
              <>
                <DropdownMenu.Separator className="menu-separator" />
                <DropdownMenu.Label className="menu-label" data-testid="presentation-step">
                  {current.steps > 1000
                    ? t('controls.stepOpen', { n: presentation.step + 1 })
                    : t('controls.step', { n: presentation.step + 1, total: current.steps })}
                </DropdownMenu.Label>
                <DropdownMenu.Item
                  className="menu-item"
                  data-testid="presentation-previous"
                  disabled={presentation.step === 0}
                  onSelect={(event) => {
                    // The menu stays open to move several steps in a row.
                    event.preventDefault();
                    moveStep(-1);
                  }}
                >
                  {t('controls.previousStep')}
                </DropdownMenu.Item>
                <DropdownMenu.Item
                  className="menu-item"
                  data-testid="presentation-next"
                  disabled={presentation.step >= steps - 1}
                  onSelect={(event) => {
                    event.preventDefault();
                    moveStep(1);
                  }}
                >
                  {t('controls.nextStep')}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </ControlSlot>
  );
}
