"""The browser client: Jinja templates for the pages, static ES modules, one renderer per game
(``static/renderers/<registry-name>.js``, exporting ``render(root, ctx)``)."""
