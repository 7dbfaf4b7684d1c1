-- The schema referee.db.init_db made on 2026-11-23, before migrations: SQLModel's create_all, as DDL for postgresql.
-- A database like this one must upgrade in place (tests/ledger/test_migrations.py).
CREATE TABLE game (
    id SERIAL NOT NULL,
    public_id VARCHAR(32) NOT NULL,
    variant VARCHAR(64) NOT NULL,
    title VARCHAR(200) NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
    seq INTEGER NOT NULL,
    edit_token VARCHAR(64) NOT NULL,
    view_token VARCHAR(64) NOT NULL,
    PRIMARY KEY (id)
);
CREATE INDEX ix_game_edit_token ON game (edit_token);
CREATE UNIQUE INDEX ix_game_public_id ON game (public_id);
CREATE INDEX ix_game_view_token ON game (view_token);
CREATE TABLE game_event (
    id SERIAL NOT NULL,
    game_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    type VARCHAR(32) NOT NULL,
    payload TEXT NOT NULL,
    created_at TIMESTAMP WITH TIME ZONE NOT NULL,
    idempotency_key VARCHAR(200),
    PRIMARY KEY (id),
    UNIQUE (game_id, seq),
    UNIQUE (game_id, idempotency_key),
    FOREIGN KEY(game_id) REFERENCES game (id)
);
CREATE INDEX ix_game_event_game_id ON game_event (game_id);
CREATE TABLE game_player (
    id SERIAL NOT NULL,
    game_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name VARCHAR(100) NOT NULL,
    PRIMARY KEY (id),
    UNIQUE (game_id, seat),
    FOREIGN KEY(game_id) REFERENCES game (id)
);
CREATE INDEX ix_game_player_game_id ON game_player (game_id);
