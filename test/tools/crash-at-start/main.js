// Breaks check 6: throws before it listens, as a tool does when its configuration is missing.
const url = process.env.CATALOGUE_DATABASE_URL;
if (!url) throw new Error('CATALOGUE_DATABASE_URL is not set; cannot open the rates database');
