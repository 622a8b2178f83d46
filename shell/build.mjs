// Placeholder build of the shell until the shell issue (#8) brings the React host on Rsbuild:
// writes dist/index.html, a page that says what is running and links to the API reference.
import fs from 'node:fs';
import path from 'node:path';

const dist = path.join(import.meta.dirname, 'dist');
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Used Car Marketplace</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2937}a{color:#b91c1c}</style>
</head>
<body>
<h1>Used Car Marketplace</h1>
<p>The API is running. The storefront (browse, sell, test drives) arrives with the front-end work.</p>
<p><a href="/api/docs">API reference</a> · <a href="/healthz">Health</a></p>
</body>
</html>
`,
);
console.log(`shell: wrote ${path.join(dist, 'index.html')}`);
