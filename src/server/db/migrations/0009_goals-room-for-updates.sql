-- Written by hand (drizzle-kit knows no storage parameters). Every progress update rewrites its goal's row; with room
-- left on the row's page PostgreSQL keeps the new version there (a HOT update) and writes none of the goal's four
-- indexes. Without it, each update added an entry to every index at a page of its own, and at 100,000 members those
-- pages are mostly outside PostgreSQL's buffers, so the update cost more as the membership grew (docs/decisions/0026).
-- Pages written from now on keep the room; rows already stored get it when the table is next rewritten.
ALTER TABLE "goals" SET (fillfactor = 80);
