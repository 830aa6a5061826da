// The audit trail as a CSV file in its reader's language, times in their zone with the zone named: one
// line per field changed (an entry that changed no field, a sign-in or an export, is one line), so a
// spreadsheet filters and sorts them. The UTC instant is kept beside, as the record of reference.
import { type AuditEntry, instantFormat, type Locale, sayErased } from '@lablive/domain';
import { csvFile } from '../files/csvFile.ts';

type Wording = {
  header: readonly string[];
  masked: string;
  /** What an erased person's value reads as (GDPR erasure). */
  erased: string;
  actors: Record<AuditEntry['actor']['kind'], string>;
};

const WORDING: Record<Locale, Wording> = {
  fr: {
    header: [
      'Date ({zone})',
      'Date (UTC)',
      'Qui',
      'E-mail',
      'Rôles',
      'Fuseau de la personne',
      'Action',
      'Élément',
      'Identifiant',
      'Champ',
      'Ancienne valeur',
      'Nouvelle valeur',
      'Motif',
      'Appel',
    ],
    masked: '(modifié, valeur non conservée)',
    erased: 'effacé',
    actors: { user: 'Compte', guest: 'Invité', anonymous: 'Non connecté', system: 'LabLive' },
  },
  en: {
    header: [
      'When ({zone})',
      'When (UTC)',
      'Who',
      'E-mail',
      'Roles',
      "Person's time zone",
      'Action',
      'Record',
      'Id',
      'Field',
      'Old value',
      'New value',
      'Reason',
      'Call',
    ],
    masked: '(changed, value not kept)',
    erased: 'erased',
    actors: { user: 'Account', guest: 'Guest', anonymous: 'Not signed in', system: 'LabLive' },
  },
  de: {
    header: [
      'Zeitpunkt ({zone})',
      'Zeitpunkt (UTC)',
      'Wer',
      'E-Mail',
      'Rollen',
      'Zeitzone der Person',
      'Aktion',
      'Datensatz',
      'ID',
      'Feld',
      'Alter Wert',
      'Neuer Wert',
      'Begründung',
      'Aufruf',
    ],
    masked: '(geändert, Wert nicht gespeichert)',
    erased: 'gelöscht',
    actors: { user: 'Konto', guest: 'Gast', anonymous: 'Nicht angemeldet', system: 'LabLive' },
  },
};

const valueText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** A text as its reader reads it: an erased person's values in their word for it. */
const said = (text: string | null, wording: Wording): string | null =>
  text === null ? null : sayErased(text, wording.erased);

export function auditCsv(entries: readonly AuditEntry[], locale: Locale, timeZone: string): string {
  const wording = WORDING[locale];
  const format = instantFormat(locale, timeZone);
  const header = wording.header.map((title) => title.replace('{zone}', timeZone));
  const rows = entries.flatMap((entry) => {
    const who = said(entry.actor.name, wording) ?? wording.actors[entry.actor.kind];
    const common = [
      format.format(new Date(entry.at)),
      entry.at,
      who,
      said(entry.actor.email, wording),
      entry.actor.roles.join(', '),
      entry.actor.timeZone,
      entry.action,
      entry.recordType,
      entry.recordId,
    ];
    const tail = [entry.reason, entry.via];
    if (entry.changes.length === 0) return [[...common, null, null, null, ...tail]];
    return entry.changes.map((change) => [
      ...common,
      change.field,
      change.masked ? wording.masked : said(valueText(change.old), wording),
      change.masked ? wording.masked : said(valueText(change.new), wording),
      ...tail,
    ]);
  });
  return csvFile(locale, header, rows);
}
