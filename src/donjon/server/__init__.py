"""The web table: accounts, lobby, tables kept live in memory, an append-only move log in a
database (SQLite by default, PostgreSQL by ``DONJON_DATABASE_URL``), live updates over WebSocket,
and bot seats played server-side.

``donjon.server.app.create_app`` builds the ASGI application; ``donjon.server.main.serve`` runs it.
"""
