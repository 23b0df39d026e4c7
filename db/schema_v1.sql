-- Schema 1 of the rostermgr campaign file, frozen: the statements a fresh file got at release.
-- Never edit them: files in the field were made by them. Every later version is a migration
-- of SQL statements in db/schema.py. One statement per line. The undo triggers are not frozen
-- here: db/undo.py re-creates them from the columns the file has after every migration step.
CREATE TABLE "deck_card" ("position" INTEGER NOT NULL PRIMARY KEY, "card" VARCHAR(255) NOT NULL);
CREATE TABLE "game" ("id" INTEGER NOT NULL PRIMARY KEY, "date" VARCHAR(255) NOT NULL, "scenario" VARCHAR(255) NOT NULL, "winner" VARCHAR(255), "notes" TEXT NOT NULL, "report" TEXT NOT NULL, "undo_mark" INTEGER NOT NULL, "last_history" INTEGER NOT NULL);
CREATE TABLE "posse" ("id" INTEGER NOT NULL PRIMARY KEY, "name" VARCHAR(255) NOT NULL, "faction" VARCHAR(255) NOT NULL, "ruleset_id" VARCHAR(255) NOT NULL, "ruleset_version" VARCHAR(255) NOT NULL, "created" VARCHAR(255) NOT NULL);
CREATE UNIQUE INDEX "posse_name" ON "posse" ("name");
CREATE TABLE "game_posse" ("id" INTEGER NOT NULL PRIMARY KEY, "game_id" INTEGER NOT NULL, "posse_id" INTEGER NOT NULL, FOREIGN KEY ("game_id") REFERENCES "game" ("id") ON DELETE RESTRICT, FOREIGN KEY ("posse_id") REFERENCES "posse" ("id") ON DELETE RESTRICT);
CREATE INDEX "game_posse_game_id" ON "game_posse" ("game_id");
CREATE INDEX "game_posse_posse_id" ON "game_posse" ("posse_id");
CREATE UNIQUE INDEX "game_posse_game_id_posse_id" ON "game_posse" ("game_id", "posse_id");
CREATE TABLE "member" ("id" INTEGER NOT NULL PRIMARY KEY, "posse_id" INTEGER NOT NULL, "name" VARCHAR(255) NOT NULL, "role" VARCHAR(255) NOT NULL, "status" VARCHAR(255) NOT NULL, "injuries" INTEGER NOT NULL, "flips" INTEGER NOT NULL, "pending_card" VARCHAR(255), "position" INTEGER NOT NULL, FOREIGN KEY ("posse_id") REFERENCES "posse" ("id") ON DELETE RESTRICT);
CREATE INDEX "member_posse_id" ON "member" ("posse_id");
CREATE UNIQUE INDEX "member_posse_id_name" ON "member" ("posse_id", "name");
CREATE TABLE "history" ("id" INTEGER NOT NULL PRIMARY KEY, "posse_id" INTEGER NOT NULL, "member_id" INTEGER, "game_id" INTEGER, "game_label" VARCHAR(255), "kind" VARCHAR(255) NOT NULL, "text" TEXT NOT NULL, "data" TEXT NOT NULL, "date" VARCHAR(255) NOT NULL, FOREIGN KEY ("posse_id") REFERENCES "posse" ("id") ON DELETE RESTRICT, FOREIGN KEY ("member_id") REFERENCES "member" ("id") ON DELETE RESTRICT, FOREIGN KEY ("game_id") REFERENCES "game" ("id") ON DELETE RESTRICT);
CREATE INDEX "history_posse_id" ON "history" ("posse_id");
CREATE INDEX "history_member_id" ON "history" ("member_id");
CREATE INDEX "history_game_id" ON "history" ("game_id");
CREATE TABLE "ledger" ("id" INTEGER NOT NULL PRIMARY KEY, "posse_id" INTEGER NOT NULL, "amount" INTEGER NOT NULL, "reason" TEXT NOT NULL, "kind" VARCHAR(255) NOT NULL, "date" VARCHAR(255) NOT NULL, "game_id" INTEGER, "game_label" VARCHAR(255), FOREIGN KEY ("posse_id") REFERENCES "posse" ("id") ON DELETE RESTRICT, FOREIGN KEY ("game_id") REFERENCES "game" ("id") ON DELETE RESTRICT);
CREATE INDEX "ledger_posse_id" ON "ledger" ("posse_id");
CREATE INDEX "ledger_game_id" ON "ledger" ("game_id");
CREATE TABLE "member_item" ("id" INTEGER NOT NULL PRIMARY KEY, "member_id" INTEGER NOT NULL, "item" VARCHAR(255) NOT NULL, FOREIGN KEY ("member_id") REFERENCES "member" ("id") ON DELETE RESTRICT);
CREATE INDEX "member_item_member_id" ON "member_item" ("member_id");
CREATE TABLE "printed_card" ("key" VARCHAR(255) NOT NULL PRIMARY KEY, "fingerprint" VARCHAR(255) NOT NULL);
CREATE TABLE "schema_version" ("id" INTEGER NOT NULL PRIMARY KEY, "version" INTEGER NOT NULL);
CREATE TABLE "upgrade" ("id" INTEGER NOT NULL PRIMARY KEY, "member_id" INTEGER NOT NULL, "stat" VARCHAR(255) NOT NULL, "card" VARCHAR(255) NOT NULL, "game_id" INTEGER, "game_label" VARCHAR(255), FOREIGN KEY ("member_id") REFERENCES "member" ("id") ON DELETE RESTRICT, FOREIGN KEY ("game_id") REFERENCES "game" ("id") ON DELETE RESTRICT);
CREATE INDEX "upgrade_member_id" ON "upgrade" ("member_id");
CREATE INDEX "upgrade_game_id" ON "upgrade" ("game_id");
CREATE TABLE undo_log (seq INTEGER PRIMARY KEY, statement TEXT NOT NULL);
CREATE TABLE undo_state (active INTEGER NOT NULL);
INSERT INTO undo_state (active) VALUES (1);
