// The event's description as rich text (back-office spec, section 2.3): bold, italic, lists and links,
// on Tiptap. The editor stops at 150 characters (the server counts and refuses the same) and shows the
// count; its markup is what the server sanitises.
import { EVENT_LIMITS } from '@lablive/domain';
import { CharacterCount } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

type DescriptionEditorProps = {
  id: string;
  labelId: string;
  hintId: string;
  value: string;
  onChange: (markup: string) => void;
  error?: string | undefined;
};

export function DescriptionEditor({ id, labelId, hintId, value, onChange, error }: DescriptionEditorProps) {
  const { t } = useTranslation('admin');
  const errorId = `${id}-error`;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        code: false,
        codeBlock: false,
        blockquote: false,
        horizontalRule: false,
        link: { openOnClick: false },
      }),
      CharacterCount.configure({ limit: EVENT_LIMITS.descriptionCharacters }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        class: 'rich-text-input',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        'aria-describedby': error === undefined ? hintId : `${hintId} ${errorId}`,
        'data-testid': 'event-description',
      },
    },
    // An empty editor is an empty description, not an empty paragraph.
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      characters: current?.storage.characterCount.characters() ?? 0,
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
    }),
  });
  const tools = [
    {
      name: 'bold',
      label: t('form.bold'),
      active: state?.bold,
      run: () => editor?.chain().focus().toggleBold().run(),
    },
    {
      name: 'italic',
      label: t('form.italic'),
      active: state?.italic,
      run: () => editor?.chain().focus().toggleItalic().run(),
    },
    {
      name: 'bulletList',
      label: t('form.bulletList'),
      active: state?.bulletList,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
  ] as const;
  return (
    <div className="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('form.description')}>
        {tools.map((tool) => (
          <button
            key={tool.name}
            type="button"
            className="rich-text-tool"
            aria-pressed={tool.active ?? false}
            onClick={tool.run}
          >
            {tool.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      <p className="field-hint" aria-live="polite">
        {t('form.characters', { count: state?.characters ?? 0, max: EVENT_LIMITS.descriptionCharacters })}
      </p>
      {error !== undefined && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
