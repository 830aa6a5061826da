// What the mail template editor does (issue 28): the form on the domain's schema, the field the
// placeholders go into (the last one written in) and at its cursor, the form's text settled for the
// preview, Save, and the template's removal.
import { zodResolver } from '@hookform/resolvers/zod';
import type { MailTemplateSlot } from '@lablive/client';
import {
  type MailTemplateForm,
  type MediaMailTemplate,
  mailTemplateFormSchema,
  type TemplateField,
} from '@lablive/domain';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { mailTemplatesApi } from '../adminApi.ts';
import { mailTemplateKeys } from '../resources/mailTemplates.ts';

export type TemplateFieldName = keyof MailTemplateForm;
type TextControl = HTMLInputElement | HTMLTextAreaElement;

/** `value` once it stopped changing for a moment: the preview is asked for a pause in the typing. */
function useSettled<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function useTemplateEditing(slot: MailTemplateSlot, template: MediaMailTemplate | null) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const controls = useRef<Partial<Record<TemplateFieldName, TextControl>>>({});
  const lastFocused = useRef<TemplateFieldName>('body');
  const form = useForm<MailTemplateForm>({
    resolver: zodResolver(mailTemplateFormSchema),
    defaultValues: { subject: template?.subject ?? '', body: template?.body ?? '' },
  });
  const { register, formState, watch, setValue, getValues } = form;
  const [subject, body] = [watch('subject'), watch('body')];
  const settled = useSettled(JSON.stringify([subject, body]));
  const [settledSubject, settledBody] = JSON.parse(settled) as [string, string];
  const valid = mailTemplateFormSchema.safeParse({ subject: settledSubject, body: settledBody });

  function insert(field: TemplateField) {
    const name = lastFocused.current;
    const control = controls.current[name];
    const current = getValues(name);
    const start = control?.selectionStart ?? current.length;
    const end = control?.selectionEnd ?? current.length;
    const placeholder = `{{${field}}}`;
    const shouldValidate = formState.isSubmitted;
    setValue(name, `${current.slice(0, start)}${placeholder}${current.slice(end)}`, {
      shouldDirty: true,
      shouldValidate,
    });
    // Back where the person was writing, just after what was inserted.
    const caret = start + placeholder.length;
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(caret, caret);
    });
  }

  /** A field registered on the form, known to `insert` as its control and once focused. */
  function bind(name: TemplateFieldName) {
    const registration = register(name);
    return {
      ...registration,
      ref: (control: TextControl | null) => {
        registration.ref(control);
        if (control) controls.current[name] = control;
      },
      onFocus: () => {
        lastFocused.current = name;
      },
    };
  }

  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await mailTemplatesApi.save(slot, values);
      invalidate.refresh(mailTemplateKeys.of(slot.mediaId));
      toast.show({ title: t('mailTemplates.saved'), tone: 'success', testId: 'mail-template-saved' });
    } catch (error) {
      setFailure(toFailure(error));
    }
  });

  async function reset() {
    await mailTemplatesApi.remove(slot);
    invalidate.refresh(mailTemplateKeys.of(slot.mediaId));
    toast.show({ title: t('mailTemplates.resetDone'), tone: 'success', testId: 'mail-template-reset' });
  }

  return {
    values: { subject, body },
    errors: formState.errors,
    sending: formState.isSubmitting,
    previewed: valid.success ? valid.data : null,
    failure,
    bind,
    insert,
    save,
    reset,
  };
}
