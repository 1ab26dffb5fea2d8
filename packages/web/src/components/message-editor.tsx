import '@mantine/tiptap/styles.css';
import { useEffect } from 'react';
import { Input, NativeSelect } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import { FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { EMAIL_FONTS } from '@leadline/shared/email';
import { FONT_SIZES } from '@leadline/shared/email-compose';
import { asHtml } from '@leadline/shared/email-html';
import { useStableCallback } from '../lib/use-stable-callback.ts';

const FONT_OPTIONS = [
  { value: '', label: 'Font' },
  ...EMAIL_FONTS.map((font) => ({ value: font, label: font })),
];
const SIZE_OPTIONS = [
  { value: '', label: 'Size' },
  ...FONT_SIZES.map((size) => ({ value: size, label: size })),
];

/**
 * A tiptap editor for an email: paragraphs, lists, quotes, links, fonts and sizes. `label`
 * names the editable text for assistive technology (and tests).
 */
export const useMessageEditor = (
  initialHtml: string,
  onChange: (html: string) => void,
  label = 'Message',
) => {
  const changed = useStableCallback(onChange);
  return useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: false }),
      Link.configure({ openOnClick: false }),
      TextStyle,
      FontFamily,
      FontSize,
    ],
    content: initialHtml,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor }) => changed(editor.getHTML()),
  });
};

type StyleSelectProps = {
  label: string;
  data: { value: string; label: string }[];
  value: string;
  /** Sets the style on the selection (or on what is typed next); '' takes it off. */
  onPick: (value: string) => void;
};

const StyleSelect = ({ label, data, value, onPick }: StyleSelectProps) => (
  <NativeSelect
    size="xs"
    aria-label={label}
    data={data}
    value={value}
    onChange={(event) => onPick(event.currentTarget.value)}
  />
);

/** The font family and the font size of the selection. */
const FontControls = ({ editor }: { editor: Editor }) => {
  const style = editor.getAttributes('textStyle') as { fontFamily?: string; fontSize?: string };
  const chain = () => editor.chain().focus();
  return (
    <>
      <StyleSelect
        label="Font family"
        data={FONT_OPTIONS}
        value={style.fontFamily ?? ''}
        onPick={(font) =>
          void (font ? chain().setFontFamily(font) : chain().unsetFontFamily()).run()
        }
      />
      <StyleSelect
        label="Font size"
        data={SIZE_OPTIONS}
        value={style.fontSize ?? ''}
        onPick={(size) => void (size ? chain().setFontSize(size) : chain().unsetFontSize()).run()}
      />
    </>
  );
};

type MessageEditorProps = {
  editor: Editor | null;
  error?: string;
  /** The font the whole message is shown in (bulk mode's chosen font). */
  baseFont?: string;
  label?: string;
  description?: string;
  /** The editable text's least height in pixels. */
  minHeight?: number;
  /** Shown without its toolbar (the editor is not editable). */
  readOnly?: boolean;
};

/** The composer's Message field: the toolbar, then the editable text. */
export const MessageEditor = ({
  editor,
  error,
  baseFont,
  label = 'Message',
  description,
  minHeight = 220,
  readOnly = false,
}: MessageEditorProps) => (
  <Input.Wrapper label={label} description={description} required error={error}>
    <RichTextEditor
      editor={editor}
      mt={4}
      style={baseFont ? { fontFamily: baseFont } : undefined}
      styles={{
        content: { minHeight, fontSize: 14 },
        root: error ? { borderColor: 'var(--mantine-color-error)' } : undefined,
      }}
    >
      <RichTextEditor.Toolbar display={readOnly ? 'none' : undefined}>
        {editor ? (
          <RichTextEditor.ControlsGroup>
            <FontControls editor={editor} />
          </RichTextEditor.ControlsGroup>
        ) : null}
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  </Input.Wrapper>
);

type RichTextFieldProps = Omit<MessageEditorProps, 'editor'> & {
  label: string;
  /** HTML, or older plain text (shown as paragraphs; kept as it is until edited). */
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
};

/** The composer's editor as a form field of its own (a campaign's body, a follow-up's). */
export const RichTextField = ({ value, onChange, disabled, ...shown }: RichTextFieldProps) => {
  const editor = useMessageEditor(asHtml(value), onChange, shown.label);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  return <MessageEditor editor={editor} readOnly={disabled} {...shown} />;
};
