/** The password reset email, as plain text and simple HTML. */
export function resetMail(values: { name: string; url: string; minutes: number }): {
  subject: string;
  text: string;
  html: string;
} {
  const greeting = values.name.trim() ? `Hello ${values.name.trim()},` : 'Hello,';
  const lines = [
    'Someone asked to reset the password of your Voxpress account.',
    `Choose a new password here (the link works once, for ${values.minutes} minutes):`,
  ];
  const after = [
    'Choosing a new password signs you out on every device.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ];
  const text = [greeting, '', ...lines, values.url, '', ...after].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(values.url)}">Choose a new password</a></p>`,
    ...after.map((l) => `<p>${escapeHtml(l)}</p>`),
  ].join('\n');
  return { subject: 'Reset your Voxpress password', text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
