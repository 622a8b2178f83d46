/**
 * Build entry of the sell remote. The remote has no page of its own: the shell loads its exposed modules
 * (src/exposes/) through remoteEntry.js. Nothing runs here.
 */
export {};
