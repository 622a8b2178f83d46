/** Tailwind CSS 4 through PostCSS (Rsbuild picks this file up). */
export default { plugins: { '@tailwindcss/postcss': {} } };
