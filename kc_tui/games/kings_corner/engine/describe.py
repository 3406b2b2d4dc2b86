"""The rules in force, and the game's events, in plain words."""

from __future__ import annotations

from typing import Callable, Sequence

from ....core.cards import Card, card_name
from ....core.errors import RuleError
from ....core.events import SessionEnd, SessionStart, TurnEnd, TurnStart
from ....core.i18n import N_, Domain
from ....core.kinds import Phase
from ....core.text import YOU, Hanging, joined, shown_name
from .board import PILES, Pile
from .events import Chips, Draw, Event, MoveEvent, Play, RoundEnd, RoundStart, RoundView, Undo
from .kinds import RoundEndReason, Scoring
from .moves import describe_needed
from .naming import capital, card_text, items, pile_text, saying
from .observation import Observation
from .rules import DEFAULT_TARGETS, RuleSet, build_rules, preset_name
from .scoring import LOW_WINS
from .views import RoundRecord, RoundSummary, SessionSummary

_, ngettext, pgettext, L_, Ln_ = Domain.of(__package__).functions()
npgettext = Domain.of(__package__).npgettext

__all__ = [
    "describe_rules", "Narrator", "score_table", "totals_sentence", "chips_lines", "round_summary",
    "round_lines", "session_summary", "TurnLog", "describe_table", "describe_pile",
    "hand_text", "who_sentence", "is_you", "scores_said", "scoring_name",
]

_SCORING_WORDS = {
    "classic": N_("each player who did not win scores a penalty for the cards left in hand: "
                  "a King 10, any other card 1"),
    "face": N_("each player who did not win scores a penalty for the cards left in hand: "
               "a King 10, Jacks and Queens 1, number cards their face value (Ace 1)"),
    "alternative": N_("each player who did not win scores a penalty for the cards left in hand: "
                      "an Ace 25, King, Queen, Jack and ten 10 each, other cards their face value"),
    "none": N_("no score is kept: each round stands alone"),
}


def scoring_name(scoring: str) -> str:
    """A scoring's name in the language being served: "classic" ("clásica", "classique")."""
    names = {
        # Translators: the names of the scoring schemes, as the rules say them ("Scoring
        # (classic): ..."); the new-game form names them the same way ("classic: 1 a card").
        "classic": pgettext("scoring", "classic"), "face": pgettext("scoring", "face"),
        "alternative": pgettext("scoring", "alternative"), "chips": pgettext("scoring", "chips"),
        "none": pgettext("scoring", "none"),
    }
    return names.get(scoring, scoring)


_CHIPS_WORDS = {
    True: N_("everyone antes 1 chip into the pot each round; ending a turn without a move costs "
             "1 chip; at the end of a round each loser pays 1 chip per card left, and the winner "
             "takes the pot as points (a blocked round's pot is shared, the odd chips stay in the pot)"),
    False: N_("everyone antes 1 chip into the pot each round; ending a turn without a move costs "
              "1 chip, and ending a turn holding a King while a corner is empty costs 3 chips; at "
              "the end of a round each loser pays 1 chip per card left, and the winner takes the pot "
              "as points (a blocked round's pot is shared, the odd chips stay in the pot)"),
}
"""Chips scoring's words, by whether Kings are mandatory (then holding one costs nothing: it
cannot be held)."""


def _changed(rules: RuleSet, preset: str) -> bool:
    """Whether ``rules`` are not the preset's (options changed, or a preset these players cannot
    play as it stands)."""
    try:
        return rules != build_rules(rules.players, preset)
    except RuleError:
        return True


def describe_rules(rules: RuleSet, preset: str | None = None, width: int | None = 78) -> str:
    """A few paragraphs stating every rule in force (R2-R7), for ``kings-corner rules``;
    wrapped at ``width``, or one line per paragraph with None (for a widget that wraps).  Rules
    that are not ``preset``'s as it stands are said to be that preset changed."""
    lines: list[str] = []
    if preset and _changed(rules, preset):
        lines.append(_("Kings in the Corner - preset {preset}, changed").format(preset=preset_name(preset)))
    elif preset:
        lines.append(_("Kings in the Corner - preset {preset}").format(preset=preset_name(preset)))
    else:
        lines.append(_("Kings in the Corner"))
    lines.append("")
    lines.append(_(
        "Players: {players}. One 52-card deck. Each player is dealt {hand_size} "
        "cards; four cards are turned up on the edges North, East, South and West; the corners "
        "start empty; the rest is the stock. The player left of the dealer starts; play goes "
        "clockwise, and the deal passes clockwise each round."
    ).format(players=rules.players, hand_size=rules.hand_size))
    if rules.kings_to_corners_at_deal:
        lines.append(_(
            "A King turned up on an edge at the deal goes straight to an empty corner and is "
            "replaced from the stock."
        ))
    draw = {
        "start": N_("Draw: take the top card of the stock at the start of your turn. An empty stock "
                    "is never rebuilt."),
        "end": N_("Draw: take the top card of the stock when you end your turn (not if you have "
                  "gone out). An empty stock is never rebuilt."),
        "none": N_("Draw: nobody ever draws. An empty stock is never rebuilt."),
    }[rules.draw]
    lines.append(_(draw))
    lines.append(_(
        "On your turn make any number of these moves, in any order: put a card on a pile whose "
        "top card is one rank higher and of the other colour (a red 8 on a black 9; nothing "
        "goes on an Ace); put a King on an empty corner; put any card on an empty edge; move a "
        "whole pile onto another when its bottom card fits that pile's top card; move an edge "
        "pile that starts with a King to an empty corner. Then end your turn."
    ))
    if rules.mandatory_kings:
        lines.append(_(
            "Kings are mandatory: while a corner is empty you may not end your turn holding a "
            "King, and a King you draw at the end of your turn goes to an empty corner at once."
        ) if rules.draw == "end" else _(
            "Kings are mandatory: while a corner is empty you may not end your turn holding a King."
        ))
    if rules.royal_kings:
        lines.append(_("Royal Kings: every King you play from your hand earns you an extra turn."))
    lines.append(_(
        "The round ends the moment a player plays their last card: they win it. If, with the "
        "stock empty, every player in a row ends a turn without playing a card, the round is "
        "blocked and the players with the fewest cards share the win."
    ))
    if rules.scoring == "chips":
        scoring = _(_CHIPS_WORDS[rules.mandatory_kings])
    else:
        scoring = _(_SCORING_WORDS[rules.scoring])
    lines.append(_("Scoring ({name}): {rule}.").format(name=scoring_name(rules.scoring), rule=scoring))
    if rules.scoring in ("classic", "face", "alternative"):
        lines.append(_(
            "The session ends after the round in which someone reaches {target} points; "
            "the lowest total wins."
        ).format(target=rules.target))
    elif rules.scoring == "chips":
        lines.append(_(
            "The session ends after the round in which someone reaches {target} points; "
            "the highest total wins."
        ).format(target=rules.target))
    if rules.scoring != "none" and rules.target != DEFAULT_TARGETS[rules.scoring]:
        lines.append(_("(The usual target for {name} scoring is {target}.)").format(
            name=rules.scoring, target=DEFAULT_TARGETS[rules.scoring]))
    return "\n".join(_wrap(line, width) if width else line for line in lines)


def is_you(name: str) -> bool:
    """Whether a seat's name is the one spoken to ("You"), as the front end named it, in English
    or in the language being served."""
    return name == YOU or name == shown_name(YOU)



def _and(parts: Sequence[str]) -> str:
    """"a, b and c", with the language's "and"."""
    if len(parts) == 1:
        return parts[0]
    return _("{list} and {last}").format(list=", ".join(parts[:-1]), last=parts[-1])


def _both(names: Sequence[str]) -> str:
    """"Ada, Ben and Cy": names of players who share something (it said "Ada and Ben and Cy")."""
    if len(names) == 1:
        return names[0]
    out = names[0]
    for name in names[1:-1]:
        # Translators: the names of three or more players, one more added before the last ("Ada, Ben").
        out = _("{first}, {second}").format(first=out, second=name)
    return _("{first} and {second}").format(first=out, second=names[-1])


def score_table(history: Sequence[RoundRecord], names: Sequence[str], rules: RuleSet,
                over: bool = False) -> str:
    """The session's points round by round as a plain-text table, with the totals and who
    leads (lowest total under penalty scorings, highest under chips); ``over``: the session has
    ended, so no target or leader is stated."""
    if not history:
        return _("No round has been finished yet.")
    names = [shown_name(n) for n in names]
    width = _column(names)
    # Translators: the score table's first column: its heading, and the label of the totals row.
    round_word, total_word = _("Round"), _("Total")
    label = max(len(round_word), len(total_word))
    head = f"{round_word:<{label}} " + "".join(f"{n:>{width}}" for n in names)
    lines = [head, "-" * len(head)]
    for record in history:
        cells = "".join(
            f"{('*' if seat in record.winners else '') + str(points):>{width}}"
            for seat, points in enumerate(record.scores)
        )
        lines.append(f"{record.round:>{label}} {cells}")
    totals = history[-1].totals
    lines.append("-" * len(head))
    lines.append(f"{total_word:<{label}} " + "".join(f"{t:>{width}}" for t in totals))
    if over or rules.scoring == "none":
        lines.append(_("* won the round."))
    else:
        best = (min if LOW_WINS[rules.scoring] else max)(totals)
        leaders = _both([names[i] for i, t in enumerate(totals) if t == best])
        if LOW_WINS[rules.scoring]:
            lines.append(_("* won the round. The session ends when someone reaches {target}; "
                           "the lowest total wins. Leading: {leaders}.").format(
                target=rules.target, leaders=leaders))
        else:
            lines.append(_("* won the round. The session ends when someone reaches {target}; "
                           "the highest total wins. Leading: {leaders}.").format(
                target=rules.target, leaders=leaders))
    if rules.scoring == "chips":
        lines += chips_lines(history, names, over)
    return "\n".join(lines)


def scores_said(history: Sequence[RoundRecord], names: Sequence[str], rules: RuleSet,
                over: bool = False) -> str:
    """The score table for the ear: one sentence per round, then the totals and who leads
    (a table's columns, dashes and stars mean nothing read aloud)."""
    if not history:
        return _("No round has been finished yet.")
    names = [shown_name(n) for n in names]
    lines = []
    for record in history:
        scores = ", ".join(
            (_("{name} {points} (won the round)") if seat in record.winners else _("{name} {points}")).format(
                name=names[seat], points=points)
            for seat, points in enumerate(record.scores))
        lines.append(_("Round {round}: {scores}.").format(round=record.round, scores=scores))
    totals = history[-1].totals
    lines.append(_("Totals: {totals}.").format(
        totals=", ".join(_("{name} {points}").format(name=n, points=t) for n, t in zip(names, totals))))
    if not over and rules.scoring != "none":
        best = (min if LOW_WINS[rules.scoring] else max)(totals)
        leaders = _both([names[i] for i, t in enumerate(totals) if t == best])
        if LOW_WINS[rules.scoring]:
            lines.append(_("The session ends when someone reaches {target}; the lowest total wins. "
                           "Leading: {leaders}.").format(target=rules.target, leaders=leaders))
        else:
            lines.append(_("The session ends when someone reaches {target}; the highest total wins. "
                           "Leading: {leaders}.").format(target=rules.target, leaders=leaders))
    if rules.scoring == "chips":
        lines += chips_lines(history, names, over)
    return "\n".join(lines)


def _column(names: Sequence[str]) -> int:
    """The width of a player's column in the score table."""
    return max(6, *(len(n) + 1 for n in names))


_CHIP_REASONS = {
    "ante": N_("{n} ante"), "no_move": N_("{n} no move"), "king_held": N_("{n} King held"),
    "cards": N_("{n} cards left"),
}
"""What a player paid chips for, in the chips lines ("2 ante, 3 cards left")."""


def chips_lines(history: Sequence[RoundRecord], names: Sequence[str], over: bool = False) -> list[str]:
    """Chips scoring: what each player paid in the last round and why, what each paid in the
    whole session, and the pot carried over (``over``: the session has ended, nothing is carried
    over: what is left in the pot)."""
    names = [shown_name(n) for n in names]
    last = history[-1]
    paid: list[list[str]] = [[] for _n in names]
    for reason in _CHIP_REASONS:
        for seat in range(len(names)):
            amount = sum(c for s, c, r in last.chips if s == seat and r == reason)
            if amount:
                paid[seat].append(_(_CHIP_REASONS[reason]).format(n=amount))
    each = items(_("{name} {paid}").format(name=n, paid=", ".join(p) or _("nothing"))
                     for n, p in zip(names, paid))
    lines = [_("Chips paid in round {round}: {each}.").format(round=last.round, each=each)]
    session = [sum(c for r in history for s, c, _r in r.chips if s == seat) for seat in range(len(names))]
    each = ", ".join(_("{name} {paid}").format(name=n, paid=c) for n, c in zip(names, session))
    lines.append(_("Chips paid in the session: {each}. Left in the pot: {pot}.").format(
        each=each, pot=last.pot) if over else
                 _("Chips paid in the session: {each}. Left in the pot for the next round: {pot}.").format(
                     each=each, pot=last.pot))
    return lines


def totals_sentence(history: Sequence[RoundRecord], names: Sequence[str], rules: RuleSet,
                    over: bool = False) -> str:
    """The running totals in one sentence, for the line mode, where a chart says nothing to the
    ear ("After round 3: Ada 12, Ben 20, You 4; You lead."); ``over``: no leader is named (the
    session's end names the winners).  "" before any round, and when no score is kept."""
    if not history or rules.scoring == Scoring.NONE:
        return ""
    last = history[-1]
    totals = ", ".join(_("{name} {points}").format(name=shown_name(n), points=t)
                       for n, t in zip(names, last.totals))
    if over:
        return _("After round {round}: {totals}.").format(round=last.round, totals=totals)
    best = (min if LOW_WINS[rules.scoring] else max)(last.totals)
    leaders = [n for n, t in zip(names, last.totals) if t == best]
    if len(leaders) == 1 and is_you(leaders[0]):
        said = _("After round {round}: {totals}; you lead.")
    elif len(leaders) == 1:
        said = _("After round {round}: {totals}; {leader} leads.")
    else:
        said = _("After round {round}: {totals}; {leaders} lead.")
    return said.format(round=last.round, totals=totals, leader=shown_name(leaders[0]),
                       leaders=_both([shown_name(n) for n in leaders]))


def round_summary(summary: RoundSummary, names: Sequence[str], card_text: Callable[[Card], str] = str) -> str:
    """The words of a finished round (who won and why, every hand left, the points, the
    running totals, the chips paid), each card written by ``card_text``.  The score table is
    the scores key's, and the screens draw the totals round by round in a chart."""
    return joined(round_lines(summary, names, card_text))


def round_lines(summary: RoundSummary, names: Sequence[str],
                card_text: Callable[[Card], str] = str) -> list[str | Hanging]:
    """:func:`round_summary`'s lines, each hand left a :class:`Hanging` line: the round's
    dialog wraps a long hand under its first card."""
    record = summary.record
    winners = _both([shown_name(names[w]) for w in record.winners])
    you = len(record.winners) == 1 and is_you(names[record.winners[0]])
    if record.reason == RoundEndReason.OUT:
        why = _("You went out.") if you else _("{winners} went out.").format(winners=winners)
    elif you:
        why = _("The round was blocked; you held the fewest cards.")
    else:
        why = _("The round was blocked; {winners} held the fewest cards.").format(winners=winners)
    lines: list[str | Hanging] = [_("Round {round} over. {why}").format(round=record.round, why=why), ""]
    # The label's words as the language has them, around the list ("\0" stands for it).
    lead, _list, after = _("cards left: {cards}").format(cards="\0").partition("\0")
    for seat, name in enumerate(names):
        cards = (_("not shown") if seat in summary.withheld
                 else " ".join(card_text(c) for c in summary.hands[seat]) or "-")
        score = record.scores[seat]
        lines.append(ngettext("{name}: {n} point this round, {total} in all",
                              "{name}: {n} points this round, {total} in all", score).format(
            name=shown_name(name), n=score, total=record.totals[seat]))
        lines.append(Hanging("  " + lead, cards + after))
    rules = summary.rules
    if rules.scoring == Scoring.CHIPS:
        lines.append(_("Chips left in the pot: {pot}.").format(pot=record.pot))
    if summary.seed is not None:  # withheld at a networked table: it would tell every hand
        lines.append(_("(Deal seed {seed}: playing with --seed {seed} and the same "
                       "players and rules deals this session again.)").format(seed=summary.seed))
    if rules.scoring == Scoring.CHIPS and not summary.session_over:
        lines += chips_lines(summary.history, names)
    return lines


def session_summary(summary: SessionSummary, names: Sequence[str]) -> str:
    """The winners of a finished session and its score table."""
    rounds = len(summary.history)
    if len(summary.winners) > 1:
        head = ngettext("{names} share the win after {n} round.", "{names} share the win after {n} rounds.",
                        rounds).format(names=_both([shown_name(names[w]) for w in summary.winners]), n=rounds)
    elif is_you(names[summary.winners[0]]):
        head = ngettext("You win after {n} round.", "You win after {n} rounds.", rounds).format(n=rounds)
    else:
        head = ngettext("{name} wins after {n} round.", "{name} wins after {n} rounds.", rounds).format(
            name=names[summary.winners[0]], n=rounds)
    return head + "\n\n" + score_table(summary.history, names, summary.rules, over=True)


def _wrap(text: str, width: int = 78) -> str:
    if not text:
        return text
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    out.append(line)
    return "\n".join(out)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _pile_line(pile: Pile, cards: tuple[Card, ...], words: bool) -> str:
    if words:
        return _pile_said(pile, cards)
    label = f"{pile.letters:<2}"
    if not cards:
        empty = _("empty (any card may go here)") if pile.is_edge else _("empty (only a King may start it)")
        return f"{label}  {empty}"
    shown = [card_text(c, False) for c in cards]
    shown_cards = " ".join(shown if len(shown) <= 6 else [*shown[:2], "...", *shown[-2:]])
    count = ngettext("({n} card)", "({n} cards)", len(cards)).format(n=len(cards))
    return f"{label}  {shown_cards}  {count}"


def _pile_said(pile: Pile, cards: tuple[Card, ...]) -> str:
    """One pile for the ear: "North: the nine of clubs, then the eight of hearts; 2 cards."."""
    if not cards:
        if pile.is_edge:
            return capital(_("{pile}: empty, any card may go here.").format(pile=pile.word))
        return capital(_("{pile}: empty, only a King may start it.").format(pile=pile.word))
    if len(cards) <= 3:
        said = ", ".join(c.words for c in cards)
    else:
        said = _("{bottom}, and on top {top}").format(bottom=cards[0].words, top=cards[-1].words)
    # A line of its own starts with a capital: "North-east: ...", as "North: ..." does.
    return capital(ngettext("{pile}: {cards}; {n} card.", "{pile}: {cards}; {n} cards.", len(cards)).format(
        pile=pile.word, cards=said, n=len(cards)))


def describe_table(obs: Observation, names: list[str], hand: bool = True, *, words: bool = False) -> str:
    """The table as ``obs.seat`` sees it: a heading, one line per pile (bottom card first, top
    card last), one per player, then the numbered hand (short lines for narrow terminals and
    screen readers); without ``hand`` for a screen shared between people (hot-seat);
    ``words``: cards and piles said in words, for the ear."""
    board = obs.board
    if obs.phase != Phase.TURN:
        # Between rounds (or after the last): nobody's turn (it named the player who went out).
        head = ngettext("Round {round} is over. Stock: {n} card.", "Round {round} is over. Stock: {n} cards.",
                        obs.stock_count)
    elif is_you(names[obs.current]):
        head = ngettext("Round {round}, your turn. Stock: {n} card.",
                        "Round {round}, your turn. Stock: {n} cards.", obs.stock_count)
    else:
        head = ngettext("Round {round}, {name}'s turn. Stock: {n} card.",
                        "Round {round}, {name}'s turn. Stock: {n} cards.", obs.stock_count)
    lines = [head.format(round=obs.round, name=names[obs.current], n=obs.stock_count)]
    for pile in PILES:
        lines.append(_pile_line(pile, board[pile], words))
    for seat, name in enumerate(names):
        lines.append(_("{name}: {cards}, {points}.").format(
            name=shown_name(name), cards=_cards(obs.hand_counts[seat]), points=_points(obs.totals[seat])))
    if hand:
        held = hand_text(obs, words=words) or _("empty")
        # Named when several people share the keyboard ("Your hand (Ada)"), not "(You)".
        lines.append(_("Your hand: {hand}.").format(hand=held) if is_you(names[obs.seat]) else
                     _("Your hand ({name}): {hand}.").format(name=shown_name(names[obs.seat]), hand=held))
    return "\n".join(lines)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def hand_text(obs: Observation, *, words: bool = False) -> str:
    """The hand numbered as the keys pick it: ``1:2C 2:7H``; ``words``: "1, two of clubs;
    2, seven of hearts" (a screen reader says "one colon two c" for the short form)."""
    if words:
        return items(f"{i}, {card_name(card, article=False)}" for i, card in enumerate(obs.hand, 1))
    return " ".join(f"{i}:{card_text(card, False)}" for i, card in enumerate(obs.hand, 1))


def describe_pile(obs: Observation, pile: Pile, *, words: bool = False) -> str:
    """One pile in short sentences: how many cards, every card bottom to top, and what fits."""
    cards = obs.board[pile]
    name = pile_text(pile, words)
    if not cards:
        if pile.is_edge:
            return capital(_("{pile} is empty: any card may go there.").format(pile=name))
        return capital(_("{pile} is empty: only a King may go there.").format(pile=name))
    shown_cards = ", ".join(card_text(c, words) for c in cards)
    if cards[-1].rank == 1:
        # Its own sentence: "It takes nothing" is "Admite nada" word for word, which a Spanish
        # ear hears as the pile taking something ("No admite nada").
        return capital(ngettext("{pile} has {n} card, bottom to top: {cards}. Nothing goes on an Ace.",
                                "{pile} has {n} cards, bottom to top: {cards}. Nothing goes on an Ace.",
                                len(cards)).format(pile=name, n=len(cards), cards=shown_cards))
    with saying(words):
        needed = describe_needed(cards[-1].id)
    return capital(ngettext("{pile} has {n} card, bottom to top: {cards}. It takes {needed}.",
                            "{pile} has {n} cards, bottom to top: {cards}. It takes {needed}.",
                            len(cards)).format(pile=name, n=len(cards), cards=shown_cards, needed=needed))


def who_sentence(obs: Observation, names: Sequence[str], seat: int | None, phase: Phase) -> str:
    """Who has how many cards and points, whose turn it is, and the stock; ``seat`` is who
    asks (None: a screen shared between people)."""
    if phase == Phase.TURN:
        current = obs.current
        if current == seat or is_you(names[current]):
            head = _("It is your turn.")
        else:
            head = _("It is {name}'s turn.").format(name=names[current])
    else:
        head = _("The round is over.")
    players = " ".join(
        _("{name}: {cards}, {points}.").format(name=shown_name(name), cards=_cards(n), points=_points(t))
        for name, n, t in zip(names, obs.hand_counts, obs.totals)
    )
    stock = ngettext("Stock: {n} card.", "Stock: {n} cards.", obs.stock_count).format(n=obs.stock_count)
    return f"{head} {players} {stock}"


def _chips_paid(reason: str, you: bool, n: int) -> str:
    """"You pay 1 chip as the ante.", "{name} pays 2 chips for the cards left in hand."."""
    if reason == "ante":
        return (ngettext("You pay {n} chip as the ante.", "You pay {n} chips as the ante.", n) if you
                else ngettext("{name} pays {n} chip as the ante.", "{name} pays {n} chips as the ante.", n))
    if reason == "no_move":
        return (ngettext("You pay {n} chip for a turn without a move.",
                         "You pay {n} chips for a turn without a move.", n) if you
                else ngettext("{name} pays {n} chip for a turn without a move.",
                              "{name} pays {n} chips for a turn without a move.", n))
    if reason == "king_held":
        return (ngettext("You pay {n} chip for holding a King while a corner was empty.",
                         "You pay {n} chips for holding a King while a corner was empty.", n) if you
                else ngettext("{name} pays {n} chip for holding a King while a corner was empty.",
                              "{name} pays {n} chips for holding a King while a corner was empty.", n))
    return (ngettext("You pay {n} chip for the cards left in hand.",
                     "You pay {n} chips for the cards left in hand.", n) if you
            else ngettext("{name} pays {n} chip for the cards left in hand.",
                          "{name} pays {n} chips for the cards left in hand.", n))


class Narrator:
    """Turns events into full sentences ("Ada plays the eight of diamonds on North."); the seat
    named "You" is spoken to.  ``words``: every card and pile said in words (the edges at the
    deal, what an undo took back), for the ear.  ``level_name``: a level's name in the player's
    language; with it a new session names each computer's level ("Ada (hard)"), once, for
    a reader who has no players panel to look at."""

    def __init__(self, names: Sequence[str] | None = None, *, words: bool = False,
                 level_name: Callable[[str], str] | None = None, me: int | None = None) -> None:
        self.names = list(names or [])
        self.me = me
        """The seat spoken to besides one named "You": a served seat's, whose person has a name
        (their own moves were "Bob plays ..." to Bob)."""
        self.words = words
        self.level_name = level_name
        self.counts: list[int] = []
        self._turn_moves: list[Play | MoveEvent] = []  # this turn's, for undo to name
        self._ended: int | None = None  # whose turn ended last in this round
        self._extra = 0  # the royal Kings extra turns (R6) in a row so far

    def _round_sentence(
        self, round_no: int, dealer: int, board: tuple[tuple[Card, ...], ...], stock: int,
    ) -> str:
        if self.words:
            edges = items(f"{pile.word}, {cards[-1].words}"
                              for pile, cards in zip(PILES, board) if cards)
        else:
            edges = ", ".join(f"{pile.letters} {card_text(cards[-1], False)}"
                              for pile, cards in zip(PILES[:4], board) if cards)
        if self._you(dealer):
            text = ngettext("Round {round}. You deal. The edges show {edges}; {n} card in the stock.",
                            "Round {round}. You deal. The edges show {edges}; {n} cards in the stock.", stock)
        else:
            text = ngettext("Round {round}. {name} deals. The edges show {edges}; {n} card in the stock.",
                            "Round {round}. {name} deals. The edges show {edges}; {n} cards in the stock.",
                            stock)
        return text.format(round=round_no, name=self._name(dealer), edges=edges, n=stock)

    def _name(self, seat: int) -> str:
        if seat < len(self.names):
            return shown_name(self.names[seat])
        return _("Seat {seat}").format(seat=seat)

    def _you(self, seat: int) -> bool:
        return seat == self.me or (seat < len(self.names) and is_you(self.names[seat]))

    def _say(self, seat: int, you: str, other: str, **values: object) -> str:
        """The sentence ``you`` when the seat is spoken to, else ``other`` (both translated)."""
        return (you if self._you(seat) else other).format(name=self._name(seat), **values)

    def undone(self, seat: int, taken: Play | MoveEvent | None) -> str:
        """The sentence for an undo that took back ``taken`` ("You take back the last move.
        It was 7H on N.")."""
        said = self._say(seat, _("You take back the last move."), _("{name} takes back the last move."))
        if isinstance(taken, Play):
            return said + " " + _("It was {card} on {pile}.").format(
                card=card_text(taken.card, self.words),
                pile=taken.pile.words if self.words else taken.pile.letters)
        if isinstance(taken, MoveEvent):
            return said + " " + _("It was {source} onto {target}.").format(
                source=pile_text(taken.source, self.words),
                target=taken.target.words if self.words else taken.target.letters)
        return said

    def ended_early(self, seat: int, open_moves: int) -> str:
        """The sentence for a turn ended while moves were still open ("You end the turn. 2
        moves were still open.")."""
        return (self._say(seat, _("You end the turn."), _("{name} ends the turn.")) + " "
                + ngettext("{n} move was still open.", "{n} moves were still open.", open_moves).format(
                    n=open_moves))

    def extra_turn(self, seat: int) -> str:
        """The sentence for a royal Kings extra turn (R6); the second in a row and after say
        "another King" (the same words twice sound like a line said again)."""
        if self._extra > 1:
            return self._say(seat, _("You played another King: you take another turn."),
                             _("{name} played another King: {name} takes another turn."))
        return self._say(seat, _("You played a King: you take another turn."),
                         _("{name} played a King: {name} takes another turn."))

    def sentence(self, event: Event) -> str | None:
        """The sentence for an event, or None for events not worth a line."""
        if isinstance(event, SessionStart):
            self.names = [p.name for p in event.players]
            if self.level_name is None:
                return _("A new session: {names}.").format(names=", ".join(shown_name(n) for n in self.names))
            said = [shown_name(p.name) if p.level is None else
                    # Translators: a computer player and its level, in the list of a new session's players.
                    _("{name} ({level})").format(name=shown_name(p.name), level=self.level_name(p.level))
                    for p in event.players]
            return _("A new session: {names}.").format(names=_both(said) if said else "")
        if isinstance(event, RoundStart):
            self._ended = None
            self.counts = [len(h) for h in event.hands]
            return self._round_sentence(event.round, event.dealer, event.board, len(event.stock))
        if isinstance(event, RoundView):
            self._ended = None
            self.counts = list(event.hand_counts)
            return self._round_sentence(event.round, event.dealer, event.board, event.stock_count)
        if isinstance(event, TurnStart):
            self._turn_moves = []
            if self._ended == event.player:
                # R6 royal Kings: the only way a player follows their own turn.
                self._extra += 1
                return self.extra_turn(event.player)
            self._extra = 0
            return None
        seat = getattr(event, "player", 0)
        if isinstance(event, Draw):
            self.counts[seat] += 1
            what = event.card.words if event.card else _("a card")
            return self._say(seat, _("You draw {card}."), _("{name} draws {card}."), card=what)
        if isinstance(event, Play):
            self.counts[seat] -= 1
            self._turn_moves.append(event)
            left = self.counts[seat]
            played = self._say(seat, _("You play {card} on {pile}."), _("{name} plays {card} on {pile}."),
                               card=event.card.words, pile=event.pile.words)
            # (Not "0 cards": a Spanish play test heard "A Ada le quedan 0 cartas".)
            has = (self._say(seat, _("You have no cards left."), _("{name} has no cards left."))
                   if left == 0 else
                   self._say(seat, ngettext("You have {n} card.", "You have {n} cards.", left),
                             ngettext("{name} has {n} card.", "{name} has {n} cards.", left), n=left))
            return f"{played} {has}"
        if isinstance(event, MoveEvent):
            self._turn_moves.append(event)
            # Translators: {source} is a pile's bare name ("North"), {target} a pile in a
            # sentence ("the north-east corner").
            return self._say(seat, _("You move the {source} pile onto {target}."),
                             _("{name} moves the {source} pile onto {target}."),
                             source=event.source.word, target=event.target.words)
        if isinstance(event, Undo):
            taken = self._turn_moves.pop() if self._turn_moves else None
            if isinstance(taken, Play):
                self.counts[seat] += 1  # the card is back in hand
            return self.undone(seat, taken)
        if isinstance(event, Chips):
            return self._say(seat, _chips_paid(event.reason, True, event.amount),
                             _chips_paid(event.reason, False, event.amount), n=event.amount)
        if isinstance(event, TurnEnd):
            self._ended = seat
            return self._say(seat, _("You end the turn."), _("{name} ends the turn."))
        if isinstance(event, RoundEnd):
            winners = _both([self._name(w) for w in event.winners])
            you = len(event.winners) == 1 and self._you(event.winners[0])
            if event.reason == "out":
                how = _("You go out.") if you else _("{winners} goes out.")
            elif len(event.winners) > 1:
                how = _("{winners} share the win in a blocked round.")
            else:
                how = _("You have the fewest cards in a blocked round.") if you \
                    else _("{winners} has the fewest cards in a blocked round.")
            scores = ", ".join(
                _("{name} {score} (total {total})").format(name=self._name(i), score=s, total=t)
                for i, (s, t) in enumerate(zip(event.scores, event.totals))
            )
            return _("Round {round} over: {how} Scores: {scores}.").format(
                round=event.round, how=how.format(winners=winners), scores=scores)
        if isinstance(event, SessionEnd):
            if len(event.winners) > 1:
                won = _("{names} win.").format(names=_both([self._name(w) for w in event.winners]))
            elif self._you(event.winners[0]):
                won = _("You win.")
            else:
                won = _("{name} wins.").format(name=self._name(event.winners[0]))
            return _("The session is over. {won}").format(won=won)
        return None


class _Turn:
    """What one turn did, as far as a short account cares (kept by :class:`TurnLog`)."""

    __slots__ = ("seat", "drew", "drawn", "moves", "carried", "chips", "ended")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.drew = False
        self.drawn: Card | None = None  # the card, when the seat may see it
        self.moves: list[Play | MoveEvent] = []
        self.carried: list[tuple[Card, ...]] = []  # by move: the cards a pile move carried
        self.chips = 0
        self.ended = False


class TurnLog:
    """The turns of the round so far, fed the events one seat may see, told back briefly: one
    sentence per player, what mattered (cards shed, piles moved and where, Kings to corners,
    who is close to going out), for a player who listens rather than looks (``words``: cards
    and piles said in words)."""

    CLOSE = 2
    """A player with this many cards or fewer is close to going out, and said to be."""

    def __init__(self, names: Sequence[str], *, words: bool = False) -> None:
        self.names = list(names)
        self.words = words
        self.turns: list[_Turn] = []
        self.counts: list[int] = [0] * len(self.names)
        # The piles as the events left them, to say what a pile move carried; and as they
        # stood before each move of the turn, for an undo.
        self.board: list[tuple[Card, ...]] = [()] * len(PILES)
        self._before: list[list[tuple[Card, ...]]] = []

    def feed(self, event: Event) -> None:
        """Take in the next event."""
        if isinstance(event, (RoundStart, RoundView)):
            self.turns, self.board, self._before = [], list(event.board), []
            self.counts = ([len(h) for h in event.hands] if isinstance(event, RoundStart)
                           else list(event.hand_counts))
        elif isinstance(event, TurnStart):
            self.turns.append(_Turn(event.player))
            self._before = []
        elif not self.turns:
            return  # a round's ante, before any turn
        elif isinstance(event, Draw):
            self.counts[event.player] += 1
            self.turns[-1].drew = True
            self.turns[-1].drawn = event.card
        elif isinstance(event, (Play, MoveEvent)):
            self._before.append(list(self.board))
            carried: tuple[Card, ...] = ()
            if isinstance(event, Play):
                self.counts[event.player] -= 1
                self.board[event.pile.value] += (event.card,)
            else:
                carried = self.board[event.source.value]
                self.board[event.target.value] += carried
                self.board[event.source.value] = ()
            self.turns[-1].moves.append(event)
            self.turns[-1].carried.append(carried)
        elif isinstance(event, Undo) and self.turns[-1].moves:
            self.turns[-1].carried.pop()
            if self._before:
                self.board = self._before.pop()
            if isinstance(self.turns[-1].moves.pop(), Play):
                self.counts[event.player] += 1
        elif isinstance(event, Chips):
            self.turns[-1].chips += event.amount
        elif isinstance(event, TurnEnd):
            self.turns[-1].ended = True

    def since(self, seat: int, brief: bool = False, whose: str | None = None,
              to_the_end: bool = False) -> str | None:
        """"Since your turn: Ada played 2 cards and moved W onto N; Ben drew and passed.": the
        turns finished since ``seat``'s last one in this round (since the deal if it has had
        none), or None when there were none.  ``brief``: how many cards each played, not which
        nor the piles moved ("Ada played 5 cards, 1 card left"), for a line too short for all.
        ``whose``: the seat's name, for a reader who is not that seat (a spectator: "Since
        Ben's turn: ...").  ``to_the_end``: the turn being played counts too (the round ended in
        it: the turn that went out)."""
        turns, first = self._since(seat, to_the_end)
        if not turns:
            return None
        accounts = self._accounts(turns, brief=brief)
        if first:
            return _("Since the deal: {accounts}.").format(accounts=accounts)
        if whose is not None:
            return _("Since {name}'s turn: {accounts}.").format(name=whose, accounts=accounts)
        return _("Since your turn: {accounts}.").format(accounts=accounts)

    def named(self, seat: int) -> set[tuple[Pile, Card | None]]:
        """The (pile, card) plays that :meth:`since` names one by one: a reader who heard
        them knows those piles' tops (None: a pile it said was moved away, left empty)."""
        named: set[tuple[Pile, Card | None]] = set()
        for group in self._grouped(self._since(seat)[0]).values():
            for play in self._named_plays(group):
                named.add((play.pile, play.card))
            if self.words:  # a pile move is said with the card it left on top
                for turn in group:
                    for move, carried in zip(turn.moves, turn.carried):
                        if isinstance(move, MoveEvent) and carried:
                            named.update(((move.target, carried[-1]), (move.source, None)))
        return named

    def _since(self, seat: int, to_the_end: bool = False) -> tuple[list[_Turn], bool]:
        """The finished turns of the others since ``seat``'s last, and whether it had none
        (``to_the_end``: the turn being played too)."""
        done = [t for t in self.turns if t.ended or to_the_end]
        last = max((i for i, t in enumerate(done) if t.seat == seat), default=-1)
        return [t for t in done[last + 1:] if t.seat != seat], last < 0

    def drawn(self, seat: int) -> Card | None:
        """The card ``seat`` drew in its turn being played, if it drew and may see it."""
        turn = self.turns[-1] if self.turns else None
        return turn.drawn if turn is not None and turn.seat == seat and not turn.ended else None

    def last_turns(self) -> str | None:
        """"Last turns: ...": the last finished turn of each player in this round (after a
        resume), or None before any."""
        done = [t for t in self.turns if t.ended]
        latest: dict[int, _Turn] = {}
        for turn in done:
            latest.pop(turn.seat, None)  # keep the players in the order they last played
            latest[turn.seat] = turn
        if not latest:
            return None
        accounts = self._accounts(list(latest.values()), whole=False)
        return _("Last turns: {accounts}.").format(accounts=accounts)

    def close_to_out(self, seat: int) -> str | None:
        """"Ada, 1 card left, Ben, 2 cards left": the others who played since ``seat``'s last
        turn and are close to going out, or None when none is."""
        players = self._grouped(self._since(seat)[0])
        close = [(other, self.counts[other]) for other in players if 0 < self.counts[other] <= self.CLOSE]
        if not close:
            return None
        return items(ngettext("{account}, {n} card left", "{account}, {n} cards left", left).format(
            account=shown_name(self.names[other]), n=left) for other, left in close)

    def _accounts(self, turns: Sequence[_Turn], whole: bool = True, brief: bool = False) -> str:
        """One clause per player, in the order they played, each covering all its turns
        (``whole``: the extra turns of royal Kings included; ``brief``: as :meth:`since`)."""
        return items(self._account(seat, group, brief) for seat, group in self._grouped(turns, whole).items())

    @staticmethod
    def _grouped(turns: Sequence[_Turn], whole: bool = True) -> dict[int, list[_Turn]]:
        order: dict[int, list[_Turn]] = {}
        for turn in turns:
            if whole or turn.seat not in order:
                order.setdefault(turn.seat, []).append(turn)
        return order

    @staticmethod
    def _named_plays(turns: Sequence[_Turn]) -> list[Play]:
        """The plays an account names: Kings to corners, and the others when two or fewer."""
        plays = [m for t in turns for m in t.moves if isinstance(m, Play)]
        kings = [m for m in plays if m.card.is_king and m.pile.is_corner]
        built = [m for m in plays if m not in kings]
        return kings + (built if len(built) <= 2 else [])

    def _account(self, seat: int, turns: Sequence[_Turn], brief: bool = False) -> str:
        # The seat spoken to is told in the second person ("Tú jugaste", "Tu as joué"): English
        # says both alike, so each part has its own message in the context "you".
        you = seat < len(self.names) and is_you(self.names[seat])
        moves = [m for t in turns for m in t.moves]
        carried = [c for t in turns for c in t.carried]
        plays = [m for m in moves if isinstance(m, Play)]
        kings = [m for m in plays if m.card.is_king and m.pile.is_corner]
        built = [m for m in plays if m not in kings]
        if brief and plays:
            built, kings = plays, []  # counted together, none named
        parts = []
        in_order = False  # every move said in its place among the others
        if len(built) > 2 and kings:
            # Every card counted, the Kings named: "played 5 cards (KC on NE, KS on SE and 3
            # more)", in brackets: "and moved W onto N" may follow ("y 5 más y movió", a play test).
            n, more, named = len(plays), len(built), ", ".join(self._on(m) for m in kings)
            parts.append((npgettext("you", "played {n} cards ({kings} and {more} more)",
                                    "played {n} cards ({kings} and {more} more)", more) if you
                          else ngettext("played {n} cards ({kings} and {more} more)",
                                        "played {n} cards ({kings} and {more} more)", more)).format(
                n=n, kings=named, more=more))
        elif len(built) > 2 or (brief and built):
            n = len(built)
            parts.append((npgettext("you", "played {n} card", "played {n} cards", n) if you
                          else ngettext("played {n} card", "played {n} cards", n)).format(n=n))
        else:
            # Each card named, in the order it was played among the pile moves: "moved E onto N,
            # played 9H on E" (a card played on the pile a move emptied) cannot be said the other
            # way round.
            for kind, run in self._runs(moves, carried):
                cards = [self._on(m) for m, _c in run if isinstance(m, Play)]
                if kind == "put":
                    parts.append((pgettext("you", "put {plays}") if you else _("put {plays}")).format(
                        plays=_both(cards)))
                elif kind == "played":
                    parts.append((pgettext("you", "played {plays}") if you else _("played {plays}")).format(
                        plays=_both(cards)))
                else:
                    parts.append(self._moved([(m, c) for m, c in run if isinstance(m, MoveEvent)], you))
            in_order = True
        piles = [(m, c) for m, c in zip(moves, carried) if isinstance(m, MoveEvent)]
        if piles and not in_order and not brief:
            # The cards counted, not named: the pile moves are said after them.
            parts.append(self._moved(piles, you))
        if not parts:
            if any(t.drew for t in turns):
                parts.append(pgettext("you", "drew and passed") if you else _("drew and passed"))
            else:
                parts.append(pgettext("you", "passed") if you else _("passed"))
        chips = sum(t.chips for t in turns)
        if chips:
            parts.append((npgettext("you", "paid {n} chip", "paid {n} chips", chips) if you
                          else ngettext("paid {n} chip", "paid {n} chips", chips)).format(n=chips))
        if you:
            text = pgettext("you", "You {did}").format(did=_and(parts))
        else:
            # Translators: one player's account of their turns: "Ada played 2 cards and passed".
            text = _("{name} {did}").format(name=shown_name(self.names[seat]), did=_and(parts))
        left = self.counts[seat]
        if 0 < left <= self.CLOSE:
            text = ngettext("{account}, {n} card left", "{account}, {n} cards left", left).format(
                account=text, n=left)
        return text

    @staticmethod
    def _runs(moves: Sequence[Play | MoveEvent], carried: Sequence[tuple[Card, ...]]
              ) -> list[tuple[str, list[tuple[Play | MoveEvent, tuple[Card, ...]]]]]:
        """The moves in the order they were made, those of one kind in a row together: Kings
        put in corners ("put"), other cards played ("played"), piles moved ("moved")."""
        runs: list[tuple[str, list[tuple[Play | MoveEvent, tuple[Card, ...]]]]] = []
        for move, cards in zip(moves, carried):
            if isinstance(move, Play):
                kind = "put" if move.card.is_king and move.pile.is_corner else "played"
            else:
                kind = "moved"
            if runs and runs[-1][0] == kind:
                runs[-1][1].append((move, cards))
            else:
                runs.append((kind, [(move, cards)]))
        return runs

    def _moved(self, piles: Sequence[tuple[MoveEvent, tuple[Card, ...]]], you: bool) -> str:
        # For the ear, each move says what it carried: piles swapped back and forth ("E onto
        # W, W onto N") cannot be followed by their names alone.
        moved = (_and([self._carried(m, c) for m, c in piles]) if self.words else ", ".join(
            _("{source} onto {target}").format(source=m.source.letters, target=m.target.letters)
            for m, _c in piles))
        return (pgettext("you", "moved {moves}") if you else _("moved {moves}")).format(moves=moved)

    @staticmethod
    def _carried(move: MoveEvent, cards: tuple[Card, ...]) -> str:
        """A pile move for the ear, with the cards it carried, bottom to top: "East (eight of
        hearts to seven of spades) onto North"."""
        if not cards:  # not known (never so when every event was fed)
            return _("{source} onto {target}").format(source=move.source.word, target=move.target.words)
        if len(cards) == 1:
            return _("{source} ({card}) onto {target}").format(
                source=move.source.word, card=card_name(cards[0], article=False), target=move.target.words)
        return _("{source} ({bottom} to {top}) onto {target}").format(
            source=move.source.word, bottom=card_name(cards[0], article=False),
            top=card_name(cards[-1], article=False), target=move.target.words)

    def _on(self, play: Play) -> str:
        """"7H on N", or "the seven of hearts on North"."""
        if self.words:
            return _("{card} on {pile}").format(card=play.card.words, pile=play.pile.words)
        return _("{card} on {pile}").format(card=card_text(play.card, False), pile=play.pile.letters)
