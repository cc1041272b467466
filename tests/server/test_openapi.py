"""The API describes itself (issue #11): request bodies are Pydantic models, and the OpenAPI
description at /api/openapi.json covers every route of the JSON API (no interactive docs)."""

from __future__ import annotations

from fastapi.routing import APIRoute


def schema_of(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    return response.json()


def test_the_schema_is_served_and_the_interactive_docs_are_not(client):
    schema = schema_of(client)
    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "donjon" and "X-CSRF-Token" in schema["info"]["description"]
    for path in ("/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"):
        assert client.get(path).status_code == 404


def test_every_json_route_is_described_and_no_page_is(client):
    paths = schema_of(client)["paths"]
    for route in client.app.routes:
        if not isinstance(route, APIRoute):
            continue
        if route.path.startswith("/api/"):
            assert route.path in paths, route.path
            assert set(m.lower() for m in route.methods) <= set(paths[route.path]), route.path
        else:
            assert route.path not in paths, route.path
    assert not any(p.startswith("/ws/") for p in paths)


def resolve(schema, node):
    while "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        node = schema["components"]["schemas"][name]
    return node


def body_of(schema, path, method="post"):
    content = schema["paths"][path][method]["requestBody"]["content"]["application/json"]
    return resolve(schema, content["schema"])


def test_bodies_are_models_that_say_what_they_take(client):
    schema = schema_of(client)
    move = body_of(schema, "/api/tables/{table_id}/moves")
    assert set(move["required"]) == {"action", "version"}  # a move without version: refused
    assert move["additionalProperties"] is False
    assert move["properties"]["version"]["type"] == "integer"
    table = body_of(schema, "/api/tables")
    assert set(table["required"]) == {"game", "players", "seats"}
    seat = resolve(schema, table["properties"]["seats"]["items"])
    assert seat["properties"]["kind"]["enum"] == ["human", "bot"]
    register = body_of(schema, "/api/register")
    assert register["properties"]["password"]["minLength"] == 8
    assert set(register["required"]) == {"name", "password"}


def test_credentials_and_refusals_are_described(client):
    schema = schema_of(client)
    schemes = schema["components"]["securitySchemes"]
    assert schemes["csrf"] == {"type": "apiKey", "in": "header", "name": "X-CSRF-Token",
                               "description": schemes["csrf"]["description"]}
    assert schemes["session"]["in"] == "cookie" and schemes["session"]["name"] == "donjon_session"
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            needs = operation.get("security", [{}])
            assert len(needs) == 1, (path, method)  # one requirement: all of its credentials
            if method == "post":
                assert "csrf" in needs[0], (path, method)
            assert {"400", "401", "403", "404", "409", "413", "429"} <= set(operation["responses"])
    assert "session" in schema["paths"]["/api/tables/{table_id}/moves"]["post"]["security"][0]
    assert "session" in schema["paths"]["/api/account/export"]["get"]["security"][0]
    assert "security" not in schema["paths"]["/api/tables"]["get"]
    refusal = resolve(schema, schema["paths"]["/api/login"]["post"]["responses"]["401"]
                      ["content"]["application/json"]["schema"])
    assert set(refusal["required"]) == {"error", "message"}


def test_a_body_the_model_refuses_keeps_the_apis_codes_and_language(person):
    french = person("fr")
    response = french.post("/api/tables", {"game": "castle-rooms", "players": "2",
                                           "seats": [{"kind": "human"}] * 2})
    assert response.status_code == 400 and response.json()["error"] == "bad_players"
    assert response.json()["message"].startswith("Requête invalide")
    unknown = french.post("/api/login", {"name": "x", "password": "y", "admin": True})
    assert unknown.status_code == 401  # a login refusal says nothing more
    extra = french.post("/api/register", {"name": "Alice", "password": "long enough",
                                          "admin": True})
    assert extra.status_code == 400 and extra.json()["error"] == "invalid"
    assert "admin" in extra.json()["message"]
    not_object = french.post("/api/register", [1, 2])
    assert not_object.status_code == 400 and not_object.json()["error"] == "not_json"


def test_every_route_is_the_applications_own_in_the_modules_order(client):
    # include_router (FastAPI 0.137 on) would keep each module as a router of its own, walked
    # through by every request; the routes join the application's list instead, as they are
    from donjon.server import accounts, api, api_push, api_tables, health, live, pages, profiles

    expected = [route for module in (pages, accounts, profiles, api, api_tables, api_push, live,
                                     health) for route in module.router.routes]
    own = [route for route in client.app.routes if route in expected]
    assert own == expected
    assert all(type(route).__module__.startswith(("starlette.", "fastapi.routing", "donjon."))
               and type(route).__name__ != "_IncludedRouter" for route in client.app.routes)
    assert client.get("/healthz").status_code == 200  # the last module's route is reached
