"""The worked examples of docs/rules.md section 5 and the English seed, as (hand, expected net)."""

ABCD = ["A", "B", "C", "D"]
SEED = ["Croaker", "Goblin", "Elmo"]


def hand(rules, players, outcome, stake=100, **fields):
    return {"rules": rules, "stake": stake, "players": players, "outcome": outcome, **fields}


WORKED_EXAMPLES = {
    "1 seed example one (speno)": (
        hand(
            "speno",
            SEED,
            "drop",
            dealer="Elmo",
            dropper="Croaker",
            counts={"Croaker": 9, "Goblin": 10, "Elmo": 25},
        ),
        "drop_won",
        {"Croaker": 200, "Goblin": -100, "Elmo": -100},
    ),
    "2 seed example two (speno)": (
        hand(
            "speno", SEED, "drop", dropper="Goblin", counts={"Croaker": 11, "Goblin": 5, "Elmo": 15}
        ),
        "drop_won",
        {"Croaker": -100, "Goblin": 200, "Elmo": -100},
    ),
    "3 pagat catchers B and C": (
        hand("pagat", ABCD, "drop", dropper="A", counts={"A": 10, "B": 8, "C": 5, "D": 20}),
        "caught",
        {"A": -400, "B": 100, "C": 400, "D": -100},
    ),
    "4 speno same counts": (
        hand("speno", ABCD, "drop", dropper="A", counts={"A": 10, "B": 8, "C": 5, "D": 20}),
        "caught",
        {"A": -400, "B": 200, "C": 300, "D": -100},
    ),
    "5 pagat dropper loses the tie": (
        hand("pagat", ["A", "B", "C"], "drop", dropper="A", counts={"A": 7, "B": 7, "C": 30}),
        "caught",
        {"A": -200, "B": 300, "C": -100},
    ),
    "6 pagat two tied lowest": (
        hand("pagat", ABCD, "drop", dropper="C", counts={"A": 4, "B": 4, "C": 12, "D": 9}),
        "caught",
        {"A": 300, "B": 300, "C": -600, "D": 0},
    ),
    "7 pagat several claims draw": (
        hand(
            "pagat",
            ABCD,
            "deal_tonk",
            claims=[{"player": "B", "count": 50}, {"player": "C", "count": 49}],
        ),
        "draw",
        {"A": 0, "B": 0, "C": 0, "D": 0},
    ),
    "8 speno low beats fifty": (
        hand(
            "speno",
            ABCD,
            "deal_tonk",
            claims=[{"player": "A", "count": 50}, {"player": "B", "count": 12}],
        ),
        "deal_tonk",
        {"A": -200, "B": 600, "C": -200, "D": -200},
    ),
    "9 speno-es first caller": (
        hand(
            "speno-es",
            ABCD,
            "deal_tonk",
            claims=[{"player": "C", "count": 49}, {"player": "A", "count": 13}],
        ),
        "deal_tonk",
        {"A": -100, "B": -200, "C": 500, "D": -200},
    ),
    "10 newark tie to the dealer's left": (
        hand(
            "newark",
            ABCD,
            "deal_tonk",
            dealer="A",
            claims=[{"player": "D", "count": 10}, {"player": "B", "count": 10}],
        ),
        "deal_tonk",
        {"A": -200, "B": 600, "C": -200, "D": -200},
    ),
    "11a chicago tonk out on the first turn": (
        hand("chicago", ABCD, "tonk_out", winner="A", method="spread", first_turn=True),
        "tonk_out",
        {"A": 600, "B": -200, "C": -200, "D": -200},
    ),
    "11b chicago tonk out later": (
        hand("chicago", ABCD, "tonk_out", winner="A", method="spread", first_turn=False),
        "tonk_out",
        {"A": 300, "B": -100, "C": -100, "D": -100},
    ),
    "12 rushville catchers only, four times": (
        hand("rushville", ABCD, "drop", dropper="A", counts={"A": 9, "B": 9, "C": 4, "D": 20}),
        "caught",
        {"A": -800, "B": 400, "C": 400, "D": 0},
    ),
    "14 pagat stock out tie": (
        hand("pagat", ["A", "B", "C"], "stock_out", counts={"A": 5, "B": 5, "C": 9}),
        "stock_out",
        {"A": 100, "B": 100, "C": -200},
    ),
}

# Example 13: under baton-rouge a deal claim of 49 is impossible.
BATON_ROUGE_49 = hand("baton-rouge", ABCD, "deal_tonk", claims=[{"player": "B", "count": 49}])

ABC = ["A", "B", "C"]


def side_bet(kind, ante, players, winner=None):
    return {"kind": kind, "ante": ante, "players": players, "winner": winner}


# docs/rules.md section 9, examples 15-20 and 22: (hand, result, points, net).
PUSHUP_EXAMPLES = {
    "15 a drop wins": (
        hand(
            "pushups", ABCD, "drop", stake=1, dropper="A", counts={"A": 5, "B": 9, "C": 14, "D": 20}
        ),
        "drop_won",
        {"A": 0, "B": 9, "C": 14, "D": 20},
        {"A": 43, "B": 7, "C": -13, "D": -37},
    ),
    "16 a deal tonk doubles": (
        hand(
            "pushups",
            ABC,
            "deal_tonk",
            stake=1,
            claims=[{"player": "B", "count": 50}],
            counts={"A": 30, "C": 12},
        ),
        "deal_tonk",
        {"A": 60, "B": 0, "C": 24},
        {"A": -96, "B": 84, "C": 12},
    ),
    "17 a spread tonk-out doubles": (
        hand(
            "pushups",
            ABC,
            "tonk_out",
            stake=1,
            winner="C",
            method="spread",
            counts={"A": 7, "B": 22},
        ),
        "tonk_out",
        {"A": 14, "B": 44, "C": 0},
        {"A": 16, "B": -74, "C": 58},
    ),
    "18 both catchers win": (
        hand(
            "pushups", ABCD, "drop", stake=1, dropper="A", counts={"A": 10, "B": 8, "C": 5, "D": 20}
        ),
        "caught",
        {"A": 10, "B": 0, "C": 0, "D": 20},
        {"A": -10, "B": 30, "C": 30, "D": -50},
    ),
    "19 two claims draw": (
        hand(
            "pushups",
            ABC,
            "deal_tonk",
            stake=1,
            claims=[{"player": "B", "count": 50}, {"player": "C", "count": 49}],
        ),
        "draw",
        {"A": 0, "B": 0, "C": 0},
        {"A": 0, "B": 0, "C": 0},
    ),
    "20 out on a discard, stake 5": (
        hand("pushups", ABC, "discard_out", stake=5, winner="A", counts={"B": 3, "C": 10}),
        "discard_out",
        {"A": 0, "B": 3, "C": 10},
        {"A": 65, "B": 20, "C": -85},
    ),
    "22 a catcher at zero is pushed": (
        hand(
            "pushups", ABCD, "drop", stake=1, dropper="C", counts={"A": 4, "B": 4, "C": 12, "D": 9}
        ),
        "caught",
        {"A": 0, "B": 0, "C": 12, "D": 9},
        {"A": 21, "B": 21, "C": -27, "D": -15},
    ),
}

# docs/rules.md section 9, example 21: a night under pagat with side bets, as one array,
# with each hand's result, net and the pot left open after it.
SIDE_BET_NIGHT = [
    (
        hand(
            "pagat",
            ABCD,
            "dead",
            dealer="A",
            side_bets=[
                side_bet("high_card", 25, ["A", "B", "C"], "C"),
                side_bet("naturals", 10, ABCD),
            ],
        ),
        "dead",
        {"A": -25, "B": -25, "C": 50, "D": 0},
        40,
    ),
    (
        hand(
            "pagat",
            ABCD,
            "tonk_out",
            dealer="B",
            winner="B",
            method="hit",
            side_bets=[side_bet("naturals", 10, ["A", "B", "C"])],
        ),
        "tonk_out",
        {"A": -200, "B": 600, "C": -200, "D": -200},
        70,
    ),
    (
        hand(
            "pagat",
            ABCD,
            "discard_out",
            dealer="C",
            winner="D",
            side_bets=[side_bet("naturals", 10, ABCD, "B")],
        ),
        "discard_out",
        {"A": -130, "B": -20, "C": -130, "D": 280},
        0,
    ),
]
