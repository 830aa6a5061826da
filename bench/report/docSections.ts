// docs/performance.md is written a part at a time: a run that measured only some scenarios replaces
// the title, the Run section and those scenarios' sections, and keeps every other `## ` section as it is,
// after them. A section is the same as a generated one when their headings agree up to a colon or a
// parenthesis ("## Fan-out: one room, 1000 subscribers" is the Fan-out section whatever the count).
const sectionKey = (heading: string) => heading.split(/[:(]/)[0]?.trim() ?? heading;

type Section = { heading: string; text: string };

/** The `## ` sections of a markdown text; what comes before the first one is left out (the title part). */
function sections(markdown: string): Section[] {
  const found: Section[] = [];
  let current: Section | null = null;
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    if (!fence && line.startsWith('## ')) {
      current = { heading: line, text: line };
      found.push(current);
    } else if (current) current.text += `\n${line}`;
  }
  return found;
}

/** `generated` (the benchmark's part), followed by the sections of `existing` it does not own. */
export function mergeIntoDoc(existing: string | null, generated: string): string {
  const replaced = new Set(sections(generated).map((section) => sectionKey(section.heading)));
  const kept = existing
    ? sections(existing).filter((section) => !replaced.has(sectionKey(section.heading)))
    : [];
  return `${[generated.trimEnd(), ...kept.map((section) => section.text.trimEnd())].join('\n\n')}\n`;
}
