"""Kings Reverse in words (why an action is refused is :mod:`.refusal`'s): the rules in force, each
event as a sentence for the line mode and the log, and the table screen's readouts
(look, hand, who), its round-over and session-over texts (KR7) and the prompt of each step of a
turn.  Pure text from the service's values, so the tests read the same sentences the screens
show; a front end passes how it writes a card (``CardText``).

Every sentence is said in the language of whoever is served (the ``kings_reverse`` catalog).
The line mode's readouts and event sentences come in two notations: ``words`` (``words=True``:
cards named in full, "the nine of hearts", hands numbered and marked in words, for the ear) and
the short one (``9H``, ``+`` on a playable card, for the eye)."""

from __future__ import annotations

import textwrap
from typing import Any, Callable, Sequence

from ....core.cards import AnyCard, Card, Rank, card_name, shown
from ....core.events import PlayerInfo
from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from ....core.text import YOU, Hanging, joined, semicolons, shown_name
from .actions import ActionKind
from .events import (
    Called,
    Caught,
    Challenged,
    Drew,
    Gave,
    Passed,
    Played,
    Reversed,
    ReverseEvent,
    RoundEnd,
    RoundStart,
    RoundView,
    SessionEnd,
    Skipped,
    SuitNamed,
    TurnStart,
)
from .rules import PRESET_NOTES, ReverseRules, RuleError, build_rules, preset_name
from .views import ReverseRoundSummary, ReverseView

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()

__all__ = ["describe_rules", "describe_event", "table_text", "who_line", "hand_line", "scores_line",
           "CardText", "next_seat", "playable_cards", "step_prompt", "look_text", "hand_sentence", "who_text",
           "round_text", "round_lines", "session_text", "score_table", "cards_text", "shown_name",
           "semicolons", "new_session", "took_text", "resumed_line"]

def _after_preposition(name: str) -> str:
    # Spanish and French say "you" differently after a preposition ("por ti", "après toi").
    return pgettext("after a preposition", "You") if name == YOU else name


def _and(items: Sequence[str]) -> str:
    """"A and B and C", as the names of a shared win are said."""
    said = items[0] if items else ""
    for item in items[1:]:
        # Translators: the last two items of a list: names, or cards.
        said = _("{first} and {last}").format(first=said, last=item)
    return said


def _listed(items: Sequence[str]) -> str:
    """"A, B and C"."""
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])


def cards_text(cards: Sequence[AnyCard], words: bool) -> str:
    """Cards in a sentence: ``QS KS``, or in words, "the queen of spades and the king of
    spades"."""
    if words:
        return _listed([card_name(c) for c in cards])
    return " ".join(shown(c) for c in cards)


def _changed(rules: ReverseRules, preset: str) -> bool:
    """Whether ``rules`` are not the preset's (options changed, or a preset these players cannot
    play as it stands)."""
    try:
        return rules != build_rules(rules.players, preset)
    except RuleError:
        return True


def describe_rules(rules: ReverseRules, preset: str | None = None, width: int | None = None) -> str:
    """The rules in force in plain words (``kings-corner rules --game kings-reverse``); each
    paragraph wrapped at ``width`` (None: one line each, for a widget that wraps).  Rules that are
    not ``preset``'s as it stands are said to be that preset changed (its note would not hold)."""
    title = "Kings Reverse"
    if preset is not None and preset in PRESET_NOTES and _changed(rules, preset):
        title = _("Kings Reverse (preset {preset}, changed)").format(preset=preset_name(preset))
    elif preset is not None and preset in PRESET_NOTES:
        title = _("Kings Reverse (preset {preset}: {note})").format(preset=preset_name(preset),
                                                                    note=_(PRESET_NOTES[preset]))
    kr4 = _("KR4 Special cards: a 7 makes the next player draw two and lose the turn; an 8 skips the "
            "next player; a King reverses the direction (with two players it skips).")
    if rules.ace_of_spades:
        kr4 += " " + _("After the Ace of spades its player gives one card to each other player.")
    lines = [
        title,
        "",
        (_("KR1 Cards: two decks and four jokers, {n} cards.") if rules.jokers
         else _("KR1 Cards: two decks, {n} cards.")).format(n=rules.deck_size),
        _("KR2 Deal: {hand} cards to each of {players} players; the rest is the stock; its top card "
          "starts the pile and acts on the first player as if the dealer had played it. The "
          "player after the dealer plays first.").format(hand=rules.hand_size, players=rules.players)
        + ("" if rules.players == 2 else " " + _("After a King turned up, play goes counter-clockwise, "
                                                 "and the dealer plays first.")),
        _("KR3 A turn: play one card that matches the pile by suit or rank, or a Jack (wild: its "
          "suit is to follow), or a joker when nothing else goes (name a suit; the next player "
          "draws four and loses the turn), or the King and Queen of one suit together (a "
          "marriage), or draw one card: if it can be played, it must be, at once. With an empty "
          "stock, a player who cannot play passes.") if rules.jokers else
        _("KR3 A turn: play one card that matches the pile by suit or rank, or a Jack (wild: its "
          "suit is to follow), or the King and Queen of one suit together (a marriage), or draw "
          "one card: if it can be played, it must be, at once. With an empty stock, a player "
          "who cannot play passes."),
        kr4,
    ]
    if rules.one_card_call:
        lines.append(_('KR5 One card: a play that leaves you one card must be followed by the call '
                       '"one card" (one); a player who forgets is caught at the next turn and '
                       'draws two.'))
    else:  # (the numbers run on: a rule left out is said to be off)
        lines.append(_('KR5 One card: off (no call is needed with one card left).'))
    if not rules.jokers:
        lines.append(_("KR6 Challenge: off (no jokers)."))
    elif not rules.joker_challenge:
        lines.append(_("KR6 Challenge: off (a joker may be played only when nothing else goes, and "
                       "is not challenged)."))
    if rules.joker_challenge:
        lines.append(_("KR6 Challenge: a joker may be bluffed; the next player may challenge. A "
                       "bluff caught: its player takes the joker back, draws four and loses a "
                       "turn. A legal joker challenged: the challenger draws six and loses the "
                       "turn.") + " "
                     + _("With an empty stock, a player whose bluff was caught may not bluff "
                         "again until a card stays on the pile."))
    lines.append((_(
        "KR7 Scoring: the first player out wins the round; the others add 20 for each 7, 8, "
        "King and Ace of spades, 15 for each Jack, 25 for each joker and 5 for any other card. "
        "A round is blocked when the stock is empty and everyone has passed since the last "
        "card. The session ends when someone reaches {target}; the lowest score wins.") if rules.jokers
        else _(
        "KR7 Scoring: the first player out wins the round; the others add 20 for each 7, 8, "
        "King and Ace of spades, 15 for each Jack and 5 for any other card. "
        "A round is blocked when the stock is empty and everyone has passed since the last "
        "card. The session ends when someone reaches {target}; the lowest score wins.")).format(
            target=rules.target))
    if width is not None:
        lines = [textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False) if line else line
                 for line in lines]
    return "\n".join(lines)


def new_session(players: Sequence[PlayerInfo], level_name: Callable[[str], str]) -> str:
    """"A new session: You, Ada (hard) and Ben (easy).": who plays, each computer with its level
    (``level_name`` says a level in the player's language), said once so that no other sentence
    needs to repeat it."""
    said = [shown_name(p.name) if p.level is None else
            # Translators: a computer player and its level, in the list of a new session's players.
            _("{name} ({level})").format(name=shown_name(p.name), level=level_name(p.level))
            for p in players]
    return _("A new session: {players}.").format(players=_listed(said))


# Why a turn is lost, and what a draw is for; the reasons are the transcript's words.
_SKIPS = {"7": N_("a 7"), "8": N_("an 8"), "K": N_("a King"), "JK": N_("the joker"),
          "challenge": N_("the challenge lost"), "penalty": N_("the bluff caught earlier")}
# Translators: each is said after the cards drawn: "You draw 2C 3C for the 7."
_DRAWS = {"7": N_(" for the 7"), "JK": N_(" for the joker"), "caught": N_(" (caught)"),
          "challenge": N_(" for the challenge"), "ace": N_(" (given nothing by the Ace of spades)")}


def describe_event(event: ReverseEvent, names: Sequence[str], seat: int | None = None,
                   words: bool = False) -> str | None:
    """One sentence for ``event`` as ``seat`` sees it (``names`` are the seats' names); None for
    events told elsewhere (turn ends).  ``seat``'s player, and a seat named "You", are spoken to
    in the second person ("You deal", "Ada deals").  ``words``: cards named in full (the line
    mode's notation for the ear), else as ``9H``."""
    def you(p: int) -> bool:
        return p == seat or names[p] == YOU

    def pick(p: int, mine: str, theirs: str, **values: Any) -> str:
        return _(mine).format(**values) if you(p) else _(theirs).format(name=names[p], **values)

    def cards(played: Sequence[AnyCard]) -> str:
        return cards_text(played, words)

    def card(one: AnyCard) -> str:
        return card_name(one) if words else shown(one)

    if isinstance(event, (RoundStart, RoundView)):
        return pick(event.dealer, N_("Round {round}: You deal; {card} is turned up."),
                    N_("Round {round}: {name} deals; {card} is turned up."),
                    round=event.round, card=card(event.pile[0]))
    if isinstance(event, TurnStart):
        return _("Your turn.") if you(event.player) else _("{name}'s turn.").format(name=names[event.player])
    if isinstance(event, Played):
        if len(event.cards) == 2:
            return pick(event.player, N_("You marry {cards}."), N_("{name} marries {cards}."),
                        cards=cards(event.cards))
        return pick(event.player, N_("You play {card}."), N_("{name} plays {card}."),
                    card=card(event.cards[0]))
    if isinstance(event, SuitNamed):
        return pick(event.player, N_("You name {suit}."), N_("{name} names {suit}."), suit=event.suit.word)
    if isinstance(event, Reversed):
        return _("Play now goes clockwise.") if event.clockwise else _("Play now goes counter-clockwise.")
    if isinstance(event, Skipped):
        why = _(_SKIPS[event.reason]) if event.reason in _SKIPS else event.reason
        return pick(event.player, N_("You lose the turn ({why})."), N_("{name} loses the turn ({why})."),
                    why=why)
    if isinstance(event, Drew):
        why = _(_DRAWS[event.reason]) if event.reason in _DRAWS else ""
        if event.count == 0:
            return pick(event.player, N_("You draw nothing (the stock is empty){why}."),
                        N_("{name} draws nothing (the stock is empty){why}."), why=why)
        if event.cards is not None:
            return pick(event.player, N_("You draw {cards}{why}."), N_("{name} draws {cards}{why}."),
                        cards=cards(event.cards), why=why)
        n = event.count
        if you(event.player):
            return ngettext("You draw {n} card{why}.", "You draw {n} cards{why}.", n).format(n=n, why=why)
        return ngettext("{name} draws {n} card{why}.", "{name} draws {n} cards{why}.", n).format(
            name=names[event.player], n=n, why=why)
    if isinstance(event, Passed):
        return pick(event.player, N_("You pass."), N_("{name} passes."))
    if isinstance(event, Called):
        return pick(event.player, N_('You call "one card".'), N_('{name} calls "one card".'))
    if isinstance(event, Caught):
        return pick(event.player, N_('You did not call "one card" and are caught.'),
                    N_('{name} did not call "one card" and is caught.'))
    if isinstance(event, Gave):
        given = card(event.card) if event.card is not None else _("a card")
        if you(event.to) and not you(event.player):
            return _("{name} gives {card} to you.").format(name=names[event.player], card=given)
        return pick(event.player, N_("You give {card} to {other}."), N_("{name} gives {card} to {other}."),
                    card=given, other=names[event.to])
    if isinstance(event, Challenged):
        hand = cards(event.hand) or pgettext("the hand is", "empty")
        verdict = _("it was legal") if event.legal else _("it was a bluff")
        # The hand is the joker's player's, as the challenge found it.
        if you(event.against) and not you(event.player):
            return _("{name} challenges your joker: your hand was {hand}; {verdict}.").format(
                name=names[event.player], hand=hand, verdict=verdict)
        return pick(event.player, N_("You challenge {other}'s joker: {other}'s hand was {hand}; {verdict}."),
                    N_("{name} challenges {other}'s joker: {other}'s hand was {hand}; {verdict}."),
                    other=names[event.against], hand=hand, verdict=verdict)
    if isinstance(event, RoundEnd):
        each = [_score(shown_name(names[i]), s, t, words)
                for i, (s, t) in enumerate(zip(event.scores, event.totals))]
        # In words each player's part has a comma of its own ("45 more, 45 in all").
        scores = semicolons(each) if words else ", ".join(each)
        if not event.winners:
            return _("Round {round} over: The round is blocked. {scores}.").format(
                round=event.round, scores=scores)
        return pick(event.winners[0], N_("Round {round} over: You went out. {scores}."),
                    N_("Round {round} over: {name} went out. {scores}."), round=event.round, scores=scores)
    if isinstance(event, SessionEnd):
        if len(event.winners) == 1:
            return pick(event.winners[0], N_("The session is over: You win with the lowest score."),
                        N_("The session is over: {name} wins with the lowest score."))
        won = _and([pgettext("a name in a list", "You") if you(w) else names[w] for w in event.winners])
        return _("The session is over: {names} win with the lowest score.").format(names=won)
    return None


def _score(name: str, points: int, total: int, words: bool) -> str:
    if words:  # "+5 (40)" is heard as "plus five forty"
        return _("{name}: {points} more, {total} in all").format(name=name, points=points, total=total)
    return _("{name} +{points} ({total})").format(name=name, points=points, total=total)


# ---------------------------------------------------------------------- the table as text
def table_text(view: ReverseView, words: bool = False, brief: bool = False) -> str:
    """The table in a few lines: the pile's top and the suit to follow, the direction, the
    stock, every player's card count and "one card" state, and the hand (``words``: in the
    line mode's notation for the ear).  ``brief``: only the pile, the stock and the hand, as
    the line mode's brief verbosity says the table at each turn (the direction is said when
    it changes, the players' counts by ``who``)."""
    follow = view.follow.word if view.follow is not None else None
    size = _count(len(view.pile))
    if brief:
        top = view.top
        stock = _count(view.stock_count) if words else str(view.stock_count)
        shown = (card_name(top) if words else str(top)) if top is not None else _("nothing")
        if words and isinstance(top, Card) and top.suit is view.follow:
            line = _("Pile: {top}; stock: {stock}.").format(top=shown, stock=stock)
        else:
            line = _("Pile: {top}; suit to follow: {follow}; stock: {stock}.").format(
                top=shown, follow=follow or (pgettext("suit to follow", "none yet") if words else "-"),
                stock=stock)
        return line if view.seat is None else line + "\n" + hand_line(view, words)
    if words:
        # Said before each of the person's turns, so only what the ear needs: no pile size, and
        # the suit to follow only where the top card does not show it (a joker's named suit).
        top = view.top
        # Translators: the direction of play, said after "play goes" ("se juega en sentido ...").
        direction = _("clockwise") if view.clockwise else _("counter-clockwise")
        if isinstance(top, Card) and top.suit is view.follow:
            line = _("Pile: {top}; play goes {direction}; stock: {stock}.").format(
                top=card_name(top), direction=direction, stock=_count(view.stock_count))
        else:
            line = _("Pile: {top}; suit to follow: {follow}; play goes {direction}; stock: {stock}.").format(
                top=card_name(top) if top is not None else _("nothing"),
                follow=follow or pgettext("suit to follow", "none yet"), direction=direction,
                stock=_count(view.stock_count))
    else:
        line = _("Pile: {top} ({size}); suit to follow: {follow}; play goes {direction}; "
                 "stock: {stock}.").format(
            top=view.top, size=size, follow=follow or "-",
            direction=_("clockwise (->)") if view.clockwise else _("counter-clockwise (<-)"),
            stock=view.stock_count)
    lines = [line, who_line(view, words)]
    if view.seat is not None:
        lines.append(hand_line(view, words))
    return "\n".join(lines)


def who_line(view: ReverseView, words: bool = False) -> str:
    """Every player's card count, "one card" state and lost turn, and whose turn it is (a * in
    the short notation)."""
    parts = []
    for s, p in enumerate(view.players):
        now = s == view.current and view.phase == Phase.TURN
        said = [_count(view.hand_counts[s])]
        if now and words:
            said.insert(0, _("playing now"))
        if view.one_card[s]:
            said.append(_("one card called") if view.one_card[s] == "called" else _("one card not called"))
        if view.turn_lost[s]:
            said.append(_("loses the next turn"))
        parts.append(_("{name}: {state}").format(name=("*" if now and not words else "") + shown_name(p.name),
                                                  state=", ".join(said)))
    return _("Players: {players}.").format(players=semicolons(parts))


def hand_line(view: ReverseView, words: bool = False) -> str:
    """The seat's hand: in the short notation a + on each card it may play now; in words each
    card numbered (the number plays it), those it may play now first ("You may play 4, eight of
    clubs. The rest, 3 cards: ..."), and in order while giving after the Ace of spades (any card
    may be given)."""
    giving = view.step == "give"
    if words:
        if not view.hand:
            return _("Your hand is empty.")
        playable = set() if giving else playable_cards(view)
        numbered = [(c, _("{number}, {card}").format(number=i, card=card_name(c, article=False)))
                    for i, c in enumerate(view.hand, 1)]
        rest = [said for c, said in numbered if c not in playable]
        if playable and rest:
            # What may be played first: a play test heard a hand of sixteen cards, 32 s of speech,
            # to learn from each card's "playable" which two it could play.
            return " ".join([
                _("You may play {cards}.").format(
                    cards=semicolons([said for c, said in numbered if c in playable])),
                ngettext("The rest, {n} card: {cards}.", "The rest, {n} cards: {cards}.", len(rest)).format(
                    n=len(rest), cards=semicolons(rest))])
        cards = semicolons([said for _c, said in numbered])
        if playable:  # every card (two decks: a card may be held twice)
            return ngettext("Your hand, {n} card, playable: {cards}.", "Your hand, {n} cards, all playable: "
                            "{cards}.", len(view.hand)).format(n=len(view.hand), cards=cards)
        whole = ngettext("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}.",
                         len(view.hand)).format(n=len(view.hand), cards=cards)
        return whole if giving else whole + " " + _("None of them may be played now.")
    marked = set() if giving else {str(a.card) for a in view.legal if a.card is not None}
    cards = " ".join(f"{c}{'+' if str(c) in marked else ''}" for c in view.hand)
    line = _("Your hand: {cards}").format(cards=cards or _("(empty)"))
    return line + " " + _("(+ may be played)") if marked else line


def scores_line(view: ReverseView) -> str:
    """Every player's total, and the target."""
    rows = [_("{name}: {points}").format(name=shown_name(p.name), points=view.totals[s])
            for s, p in enumerate(view.players)]
    return _("Scores (lowest wins; the session ends at {target}): {scores}.").format(
        target=view.rules.target, scores=", ".join(rows))


def resumed_line(view: ReverseView, names: Sequence[str]) -> str:
    """What a session resumed from its save opens with: the round and everyone's totals (the
    line mode no longer reads out the save's title, with its date, turn count and seed, first)."""
    totals = ", ".join(f"{shown_name(n)} {t}" for n, t in zip(names, view.totals))
    return (_("Resumed after round {round}. Totals: {totals}.") if view.phase == Phase.ROUND_OVER
            else _("Resumed in round {round}. Totals: {totals}.")).format(round=view.round, totals=totals)


# ---------------------------------------------------------------------- the table screen's words
CardText = Callable[[AnyCard], str]
"""How a front end writes a card (``7H``, ``7♥``, ``JK``)."""


def _count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def next_seat(view: ReverseView) -> int:
    """The seat after the current one in the direction of play."""
    step = 1 if view.clockwise else -1
    return (view.current + step) % len(view.players)


def playable_cards(view: ReverseView) -> frozenset[AnyCard]:
    """The cards of ``view``'s hand that one of its legal actions plays or gives (the hand marks
    them): a card alone, a marriage's King and Queen, a card to give after the Ace of spades."""
    cards: set[AnyCard] = set()
    for action in view.legal:
        if action.kind in (ActionKind.PLAY, ActionKind.GIVE) and action.card is not None:
            cards.add(action.card)
        elif action.kind is ActionKind.MARRY and action.suit is not None:
            cards.update(c for c in view.hand if isinstance(c, Card) and c.suit is action.suit
                         and c.rank in (Rank.QUEEN, Rank.KING))
    return frozenset(cards)


def _or(items: Sequence[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    # Translators: the last two of the choices a turn offers.
    return _("{first} or {last}").format(first=", ".join(items[:-1]), last=items[-1])


def step_prompt(view: ReverseView, names: Sequence[str], text: CardText) -> str:
    """What the person whose turn it is may do now, in one sentence (KR3-KR6)."""
    kinds = {a.kind for a in view.legal}
    step = str(view.step)  # the referee's Step words (play, drawn, give, call, challenge)
    if step == "challenge":
        joker_by = (view.current - (1 if view.clockwise else -1)) % len(names)
        return _("{name} played a joker on you: x challenges it, d takes the four cards.").format(
            name=shown_name(names[joker_by]))
    if step == "give":
        if view.give_to is None:
            return _("The Ace of spades: give a card to the next player (its key, or Enter on it).")
        return _("The Ace of spades: give a card to {name} (its key, or Enter on it).").format(
            name=_after_preposition(names[view.give_to]))
    if step == "call":
        return _('One card left: press c to call "one card" (e ends your turn without calling).')
    if step == "drawn" and view.drawn is not None:
        if ActionKind.END in kinds:
            return _("You drew {card}: it may be played, so play it now (its key) or e to keep it.").format(
                card=text(view.drawn))
        return _("You drew {card}: it may be played, so play it now (its key).").format(card=text(view.drawn))
    options = []
    if ActionKind.PLAY in kinds:
        options.append(_("play a card marked * (its key, or Enter on it)"))
    if ActionKind.MARRY in kinds:
        options.append(_("m marries a King and Queen"))
    if ActionKind.DRAW in kinds:
        options.append(_("d draws"))
    if ActionKind.PASS in kinds:
        options.append(_("d passes (the stock is empty)"))
    return _("Your turn: {what}.").format(what=_or(options) if options else _("nothing can be done"))


def _follow(view: ReverseView) -> str:
    return view.follow.word if view.follow is not None else pgettext("suit to follow", "none yet")


def look_text(view: ReverseView, names: Sequence[str], text: CardText, hand: bool) -> str:
    """The whole table, as ``b`` reads it: the pile, the suit to follow, the direction, the
    stock, every player's cards and one-card state, and (with ``hand``) the reader's hand."""
    top = text(view.top) if view.top is not None else _("nothing")
    current, nxt = names[view.current], names[next_seat(view)]
    goes = (_("Play goes clockwise; after {current} comes {next}.") if view.clockwise
            else _("Play goes counter-clockwise; after {current} comes {next}."))
    lines = [
        " ".join((
            _("Round {round}, dealt by {dealer}.").format(round=view.round,
                                                          dealer=_after_preposition(names[view.dealer])),
            _("The pile shows {top}; the suit to follow is {follow}.").format(top=top, follow=_follow(view)),
            goes.format(current=_after_preposition(current), next=_after_preposition(nxt)),
            ngettext("The stock has {n} card.", "The stock has {n} cards.", view.stock_count).format(
                n=view.stock_count),
        )),
        who_text(view, names),
    ]
    if hand:
        lines.append(hand_sentence(view, text))
    return "\n".join(lines)


def took_text(before: int, after: int, how: Sequence[str]) -> str:
    """"You took 3 cards since your last turn (11 to 14): You draw TS 9C for the 7. ...": why a
    hand grew between two of its player's turns, from the sentences ``how`` of the draws, the
    cards given and the joker taken back."""
    n = after - before
    head = ngettext("You took {n} card since your last turn ({before} to {after}):",
                    "You took {n} cards since your last turn ({before} to {after}):", n)
    return " ".join([head.format(n=n, before=before, after=after), *how])


def hand_sentence(view: ReverseView, text: CardText) -> str:
    """"Your hand, 5 cards: ...; you may play 9H, JC." (the marked cards in words)."""
    cards = " ".join(text(c) for c in view.hand) or pgettext("the hand is", "empty")
    line = _("Your hand, {count}: {cards}.").format(count=_count(len(view.hand)), cards=cards)
    playable = playable_cards(view)
    if view.my_turn:
        may = [text(c) for c in view.hand if c in playable]
        line += " " + (_("You may play {cards}.").format(cards=", ".join(dict.fromkeys(may))) if may
                       else _("No card of it may be played now."))
    return line


def who_text(view: ReverseView, names: Sequence[str]) -> str:
    """Whose turn it is, and every player's cards, one-card state and points."""
    parts = []
    for i, name in enumerate(names):
        said = [_("{name} {cards}").format(name=shown_name(name), cards=_count(view.hand_counts[i]))]
        if view.one_card[i]:
            said.append(_("one card (called)") if view.one_card[i] == "called"
                        else _("one card (not called)"))
        if view.turn_lost[i]:
            said.append(_("loses the next turn"))
        said.append(ngettext("{n} point", "{n} points", view.totals[i]).format(n=view.totals[i]))
        parts.append(", ".join(said))
    if view.phase != Phase.TURN:
        head = _("Between rounds.")
    elif view.seat == view.current:
        head = _("Your turn.")
    else:
        head = _("{name}'s turn.").format(name=shown_name(names[view.current]))
    return head + " " + semicolons(parts) + "."


def round_text(summary: ReverseRoundSummary, names: Sequence[str], text: CardText) -> str:
    """The round-over dialog's text: how it ended, every hand left with its points (KR7), the
    totals, and the target."""
    return joined(round_lines(summary, names, text))


def round_lines(summary: ReverseRoundSummary, names: Sequence[str], text: CardText) -> list[str | Hanging]:
    """:func:`round_text`'s lines, each player's row a :class:`Hanging` line: the round's dialog
    wraps a long hand under its first card."""
    record = summary.record
    if record.winner is not None:
        head = (_("You went out and win round {round}.") if names[record.winner] == YOU
                else _("{name} went out and wins round {round}.")).format(
            name=names[record.winner], round=record.round)
    else:
        head = _("Round {round} is blocked: the stock is empty and everyone passed. Every player "
                 "scores the cards left.").format(round=record.round)
    shown = [shown_name(n) for n in names]
    width = max(len(n) for n in shown)
    lines: list[str | Hanging] = [
        head, "", _("Cards left: 7, 8, King, Ace of spades 20; Jack 15; joker 25; others 5."), ""]
    # Translators: a word between the points a row adds and its total, in the round-over table.
    total = _("total")
    for i, name in enumerate(shown):
        # A hand with points left but no cards is one not shown here (another seat's, at a
        # served table): every card left scores (KR7), so only a player who went out has none.
        hand = " ".join(text(c) for c in summary.hands[i]) or (
            pgettext("a player with no cards left", "out") if not record.scores[i] else "")
        lines.append(Hanging(f"{name:<{width}}  +{record.scores[i]:<4} {total} {record.totals[i]:<5} ", hand))
    return lines


def score_table(history: Sequence[Any], names: Sequence[str]) -> str:
    """Points added each round, and the totals (the lowest total wins, KR7)."""
    shown = [shown_name(n) for n in names]
    width = max(6, *(len(n) for n in shown))
    # Translators: the score table's first column head and its last row.
    head, foot = _("Round"), _("Total")
    first = max(5, len(head), len(foot))
    lines = [f"{head:<{first}}  " + " ".join(f"{n:>{width}}" for n in shown)]
    totals = [0] * len(names)
    for record in history:
        totals = list(record.totals)
        lines.append(f"{record.round:>{first}}  "
                     + " ".join(f"{'+' + str(s):>{width}}" for s in record.scores))
    lines.append(f"{foot:<{first}}  " + " ".join(f"{t:>{width}}" for t in totals))
    return "\n".join(lines)


def session_text(summary: ReverseRoundSummary, history: Sequence[Any], names: Sequence[str],
                 target: int) -> str:
    """The session-over text: the winners (lowest score, ties share) and the score table."""
    winners = summary.session_winners
    totals = summary.record.totals
    best = totals[winners[0]] if winners else 0
    if len(winners) == 1:
        head = (_("You win with the lowest score, {points} ({reached} reached {target}).")
                if names[winners[0]] == YOU else
                _("{name} wins with the lowest score, {points} ({reached} reached {target})."))
    else:
        head = _("{names} win with the lowest score, {points} ({reached} reached {target}).")
    said = _and([pgettext("a name in a list", "You") if names[w] == YOU else names[w] for w in winners])
    # Who ended the session, by their points ("Ben's 150"): it said "someone reached 100".
    reached = _and([pgettext("points", "your {points}").format(points=t) if names[i] == YOU
                    else pgettext("points", "{name}'s {points}").format(name=names[i], points=t)
                    for i, t in enumerate(totals) if t >= target])
    return (head.format(name=said, names=said, points=best, target=target, reached=reached) + "\n\n"
            + score_table(history, names))
