// docs/performance.md is shared: the benchmark owns its title and its own sections (Run, Fan-out, Durable
// append); every other `## ` section (figures measured by other scripts) is kept as it is, after them.
const OWNED_HEADINGS = [/^## Run\s*$/, /^## Fan-out\b/, /^## Durable append\b/];

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
  const kept = existing
    ? sections(existing).filter((section) => !OWNED_HEADINGS.some((owned) => owned.test(section.heading)))
    : [];
  return `${[generated.trimEnd(), ...kept.map((section) => section.text.trimEnd())].join('\n\n')}\n`;
}
