// An event's description as the guest pages show it: the back office's rich text with its bold,
// emphasis, lists and links, rebuilt as React elements from a whitelist. The server stores it sanitized;
// rebuilding instead of injecting the markup means no script, handler or style can reach a guest's page
// even from a description written before that, or by another way in.
import { createElement, type ReactNode } from 'react';

const KEPT_TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a']);
const SAFE_LINK = /^(https?:|mailto:)/i;

function rebuild(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const children = [...node.childNodes].map(rebuild);
  const tag = node.tagName.toLowerCase();
  // An unknown tag gives way to its text, as the server's sanitizer does.
  if (!KEPT_TAGS.has(tag)) return children.length === 0 ? null : <span key={key}>{children}</span>;
  if (tag === 'br') return <br key={key} />;
  if (tag === 'a') {
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_LINK.test(href)) return <span key={key}>{children}</span>;
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return createElement(tag, { key }, ...children);
}

export function RichText({ markup, testId }: { markup: string; testId: string }) {
  const body = new DOMParser().parseFromString(markup, 'text/html').body;
  const blocks = [...body.childNodes].map(rebuild).filter((block) => block !== null && block !== '');
  return (
    <div className="event-description" data-testid={testId}>
      {blocks}
    </div>
  );
}
